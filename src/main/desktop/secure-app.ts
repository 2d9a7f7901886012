import { handleAppProtocol, type AppProtocolOptions, type ProtocolPort } from './app-protocol';
import { installAppPartition, type AppSessionPort } from './app-partition';
import { guardAppGuest, guardAppWebview } from './app-webview-guard';
import { restrictPermissions, type PermissionSession } from './permissions';
import { guardWebContents, type GuardedContents } from './web-contents-guard';

/** The slices of Electron's app, default session and MCP Apps' session that the locks are put on. */
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
  /** `session.fromPartition('mcp-apps')`: MCP Apps' own session (app-partition.ts). */
  appSession: AppSessionPort;
  protocol: Pick<ProtocolPort, 'handle'>;
}

export interface SecureAppOptions extends Pick<AppProtocolOptions, 'rendererDir' | 'readFile'> {
  /** The page's URL: app://switchboard/index.html when built, the dev server's under `npm run dev`. */
  pageUrl: string;
  csp: string;
  /** out/preload/app-relay.cjs: the only preload an MCP App's `<webview>` gets. */
  appRelayPreload: string;
  openExternal(url: string, from: string): Promise<unknown>;
  log(line: string): void;
}

/**
 * Every lock main puts on the renderer, in one place, on Electron's objects handed in as ports: the page served
 * from app:// with its CSP, the CSP header on every other response too (the dev server's page), every permission
 * denied but what a feature needs, every webContents kept on the page's origin with links going to the OS browser
 * through the URL gate, and MCP Apps in a `<webview>` of their own partition that nothing else may attach.
 */
export function secureApp(ports: SecureAppPorts, options: SecureAppOptions): void {
  const pageOrigin = new URL(options.pageUrl).origin;
  ports.app.on('web-contents-created', (_event, contents) => {
    if (contents.getType() === 'webview') return guardAppGuest(contents, options.log);
    guardWebContents(contents, {
      pageOrigin: options.pageUrl,
      openExternal: options.openExternal,
      log: options.log,
      attachWebview: (attach) => guardAppWebview(attach, { relayPreload: options.appRelayPreload, log: options.log }),
    });
  });
  const { csp } = options;
  handleAppProtocol(ports.protocol, {
    rendererDir: options.rendererDir,
    csp,
    readFile: options.readFile,
    log: options.log,
  });
  ports.session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  restrictPermissions(ports.session, { pageOrigin: options.pageUrl, log: options.log });
  installAppPartition(ports.appSession, { pageOrigin, log: options.log });
}
