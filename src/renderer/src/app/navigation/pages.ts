export const PAGES = [
  { id: 'servers', label: 'Servers' },
  { id: 'intents', label: 'Intent tree' },
  { id: 'tools', label: 'Tools' },
  { id: 'skills', label: 'Skills' },
  { id: 'chat', label: 'Chat' },
  { id: 'requests', label: 'Requests' },
  { id: 'records', label: 'Records' },
  { id: 'tests', label: 'Tests' },
  { id: 'settings', label: 'Settings' },
] as const;

export type PageId = (typeof PAGES)[number]['id'];

export const isPageId = (value: string): value is PageId => PAGES.some((page) => page.id === value);
