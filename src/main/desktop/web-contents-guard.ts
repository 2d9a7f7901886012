import type { WebviewAttach } from './app-webview-guard';
import { isPageUrl } from './page-origin';

/** The slice of a webContents the guard uses. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
  on(
    event: 'will-attach-webview',
    // Electron's WebPreferences and the element's attributes: read and changed by the MCP App webview guard.
    listener: (event: { preventDefault(): void }, webPreferences: object, params: object) => void,
  ): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  /** 'window' for ours; 'webview' for an MCP App's guest, which gets a guard of its own (app-webview-guard.ts). */
  getType(): string;
}

export interface GuardOptions {
  /** The page's own origin: `app://switchboard` when built, the dev server's under `npm run dev`. */
  pageOrigin: string;
  /** Opens a link in the OS browser (checked against the shared URL gate; see external-opener.ts). */
  openExternal(url: string, from: string): Promise<unknown>;
  log(line: string): void;
  /** Decides a `<webview>` attach (the MCP App sandbox's guard); without it every webview is refused. */
  attachWebview?(attach: WebviewAttach): void;
}

/**
 * Applied to every webContents but an app's guest: the page never leaves its own origin (a reload or an in-page move
 * stays), never opens a window, attaches no webview but the one `attachWebview` lets through. A link that asks for a new window goes to the OS browser through the
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
  contents.on('will-attach-webview', (event, webPreferences, params) =>
    options.attachWebview
      ? options.attachWebview({
          event,
          webPreferences: webPreferences as Record<string, unknown>,
          params: params as Record<string, unknown>,
        })
      : event.preventDefault(),
  );
  contents.setWindowOpenHandler(({ url }) => {
    options.openExternal(url, 'a link in the window').catch(() => undefined); // refused: the opener logged why
    return { action: 'deny' };
  });
}
