import type { ComponentType } from 'react';
import { PAGES, type PageId } from '../../../src/renderer/src/app/navigation';
import type { ShellPages } from '../../../src/renderer/src/app/Shell';

/** Every page the Shell needs: the ones a test brings, and a stub naming the page for the rest. */
export function shellPages(pages: Partial<Record<PageId, ComponentType>>): ShellPages {
  const stub = (label: string) => () => <p>{label} page (stub)</p>;
  return Object.fromEntries(PAGES.map((page) => [page.id, pages[page.id] ?? stub(page.id)])) as ShellPages;
}
