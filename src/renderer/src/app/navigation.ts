export const PAGES = [
  { id: 'servers', label: 'Servers', available: true },
  { id: 'intents', label: 'Intent tree', available: true },
  { id: 'tools', label: 'Tools', available: true },
  { id: 'skills', label: 'Skills', available: true },
  { id: 'chat', label: 'Chat', available: true },
  { id: 'approvals', label: 'Approvals', available: true },
  { id: 'records', label: 'Records', available: true },
  { id: 'settings', label: 'Settings', available: true },
] as const;

export type PageId = (typeof PAGES)[number]['id'];

export const isPageId = (value: string): value is PageId => PAGES.some((page) => page.id === value);
