import { handleAppProtocol, type AppProtocolOptions, type ProtocolPort } from './app-protocol';
import {
  consoleCspWithSandbox,
  consolePageWithSandbox,
  installAppSandbox,
  SANDBOX_ORIGIN,
} from './app-sandbox-protocol';
import { restrictPermissions, type PermissionSession } from './permissions';
import { guardWebContents, type GuardedContents } from './web-contents-guard';

/** The slices of Electron's app and default session that the locks are put on. */
export interface SecureAppPorts {
  app: { on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedContents) => void): unknown };
  session: PermissionSession & {
    webRequest: {
      onHeadersReceived(
        listener: (
          details: { url?: string; responseHeaders?: Record<string, string[]> },
          callback: (response: { responseHeaders: Record<string, string[]> }) => void,
        ) => void,
      ): void;
    };
  };
  protocol: Pick<ProtocolPort, 'handle'>;
}

export interface SecureAppOptions extends Pick<AppProtocolOptions, 'rendererDir' | 'readFile'> {
  /** The page's URL: app://switchboard/index.html when built, the dev server's under `npm run dev`. */
  pageUrl: string;
  csp: string;
  openExternal(url: string, from: string): Promise<unknown>;
  log(line: string): void;
}

/**
 * Every lock main puts on the renderer, in one place, on Electron's objects handed in as ports: the page served
 * from app:// with its CSP, the CSP header on every other response too (the dev server's page), every permission
 * denied but what a feature needs, and every webContents kept on the page's origin with links going to the OS
 * browser through the URL gate.
 */
export function secureApp(ports: SecureAppPorts, options: SecureAppOptions): void {
  ports.app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, { pageOrigin: options.pageUrl, openExternal: options.openExternal, log: options.log }),
  );
  // The page may frame exactly the MCP Apps sandbox origin, in its header and its meta tag; nothing else changes.
  const csp = consoleCspWithSandbox(options.csp);
  const readFile = async (path: string) =>
    path.endsWith('.html')
      ? new TextEncoder().encode(consolePageWithSandbox(new TextDecoder().decode(await options.readFile(path))))
      : options.readFile(path);
  handleAppProtocol(ports.protocol, { rendererDir: options.rendererDir, csp, readFile, log: options.log });
  installAppSandbox(ports.protocol, { pageOrigin: new URL(options.pageUrl).origin, log: options.log });
  ports.session.webRequest.onHeadersReceived((details, callback) => {
    // The sandbox's responses carry the app's own CSP (built from its resource), never the console's.
    if (details.url?.startsWith(`${SANDBOX_ORIGIN}/`))
      return callback({ responseHeaders: details.responseHeaders ?? {} });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  restrictPermissions(ports.session, { pageOrigin: options.pageUrl, log: options.log });
}
