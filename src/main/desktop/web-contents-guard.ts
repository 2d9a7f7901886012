import { isPageUrl } from './page-origin';

/** The slice of a webContents the guard uses. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface GuardOptions {
  /** The page's own origin: `app://switchboard` when built, the dev server's under `npm run dev`. */
  pageOrigin: string;
  /** Opens a link in the OS browser (checked against the shared URL gate; see external-opener.ts). */
  openExternal(url: string, from: string): Promise<unknown>;
  log(line: string): void;
}

/**
 * Applied to every webContents: the page never leaves its own origin (a reload or an in-page move stays), never
 * opens a window, never attaches a webview. A link that asks for a new window goes to the OS browser through the
 * URL gate, which refuses anything but https: (and http: on this machine).
 */
export function guardWebContents(contents: GuardedContents, options: GuardOptions): void {
  const stayHome = (event: { preventDefault(): void }, url: string) => {
    if (isPageUrl(url, options.pageOrigin)) return;
    event.preventDefault();
    options.log(`[guard] blocked a navigation to ${url}`);
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    options.openExternal(url, 'a link in the window').catch(() => undefined); // refused: the opener logged why
    return { action: 'deny' };
  });
}
