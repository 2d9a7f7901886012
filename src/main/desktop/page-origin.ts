import type { IpcInvokeEventLike } from '../adapters/ipc';

/**
 * Whether `url` is on the page's own origin: `app://switchboard` when built, the dev server's under `npm run dev`.
 * Scheme and host (with port) are compared: Node gives non-special schemes such as app: an origin of "null".
 */
export function isPageUrl(url: string | undefined, pageOrigin: string): boolean {
  if (!url) return false;
  try {
    const a = new URL(url);
    const b = new URL(pageOrigin);
    return a.protocol === b.protocol && a.host === b.host;
  } catch {
    return false;
  }
}

/**
 * The IPC sender check, on top of the adapter's identity check (the app window's own main frame): that frame is on
 * the page's origin. The navigation guard keeps it there; this holds even if a navigation slipped past it.
 */
export function pageSenderCheck(
  identity: (event: IpcInvokeEventLike) => boolean,
  pageOrigin: string,
): (event: IpcInvokeEventLike) => boolean {
  return (event) => identity(event) && isPageUrl(event.senderFrame?.url, pageOrigin);
}
