export const PAGES = [
  { id: 'servers', label: 'Servers', available: false },
  { id: 'intents', label: 'Intent tree', available: false },
  { id: 'tools', label: 'Tools', available: false },
  { id: 'skills', label: 'Skills', available: false },
  { id: 'chat', label: 'Chat', available: true },
  { id: 'approvals', label: 'Approvals', available: true },
  { id: 'records', label: 'Records', available: true },
  { id: 'settings', label: 'Settings', available: true },
] as const;

export type PageId = (typeof PAGES)[number]['id'];

export const isPageId = (value: string): value is PageId => PAGES.some((page) => page.id === value);
