import type { AppGuestContents, AppSessionPort } from '../../../src/main/desktop/app-partition';

type Parameter<F, K extends keyof F, I extends number = 0> = F[K] extends (...args: infer A) => unknown ? A[I] : never;
type RequestHandler = Parameter<AppSessionPort, 'setPermissionRequestHandler'>;
type CheckHandler = Parameter<AppSessionPort, 'setPermissionCheckHandler'>;
type BeforeRequest = Parameter<AppSessionPort['webRequest'], 'onBeforeRequest'>;

/**
 * MCP Apps' session (`session.fromPartition('mcp-apps')`) as its port sees it, recording what main installed, with
 * helpers that play Chromium: a request, a permission asked or checked, a download.
 */
export function fakeAppSession() {
  const schemes = new Map<string, (request: Request) => Promise<Response>>();
  let beforeRequest: BeforeRequest | undefined;
  let request: RequestHandler | undefined;
  let check: CheckHandler | undefined;
  const downloads: ((event: { preventDefault(): void }) => void)[] = [];
  const port: AppSessionPort = {
    protocol: { handle: (scheme, handler) => void schemes.set(scheme, handler) },
    webRequest: { onBeforeRequest: (listener) => void (beforeRequest = listener) },
    setPermissionRequestHandler: (handler) => void (request = handler),
    setPermissionCheckHandler: (handler) => void (check = handler),
    on: (_event, listener) => void downloads.push(listener),
  };
  return {
    port,
    schemes,
    /** Whether the session lets this load go (false: cancelled). */
    loads(url: string, resourceType = 'mainFrame'): boolean {
      let cancel: boolean | undefined;
      beforeRequest!({ url, resourceType }, (response) => void (cancel = response.cancel));
      return cancel !== true;
    },
    asks(
      contents: AppGuestContents | null,
      permission: string,
      details: { isMainFrame?: boolean; mediaTypes?: string[]; requestingUrl?: string } = { isMainFrame: false },
    ): boolean | undefined {
      let granted: boolean | undefined;
      request!(contents, permission, (answer) => void (granted = answer), details);
      return granted;
    },
    checks(
      contents: AppGuestContents | null,
      permission: string,
      details: { isMainFrame?: boolean; mediaType?: string } = { isMainFrame: false },
    ): boolean {
      return check!(contents, permission, 'null', details);
    },
    /** Whether a download was prevented by every listener. */
    downloadPrevented(): boolean {
      let prevented = false;
      for (const listener of downloads) listener({ preventDefault: () => void (prevented = true) });
      return downloads.length > 0 && prevented;
    },
  };
}

/** A guest webContents whose main frame is at `url`. */
export const guestAt = (url: string): AppGuestContents => ({ getURL: () => url });
