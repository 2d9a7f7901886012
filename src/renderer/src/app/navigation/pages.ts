export const PAGES = [
  { id: 'servers' },
  { id: 'intents' },
  { id: 'tools' },
  { id: 'skills' },
  { id: 'chat' },
  { id: 'requests' },
  { id: 'records' },
  { id: 'tests' },
  { id: 'settings' },
] as const;

export type PageId = (typeof PAGES)[number]['id'];

export const isPageId = (value: string): value is PageId => PAGES.some((page) => page.id === value);
