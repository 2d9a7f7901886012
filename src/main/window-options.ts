import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The isolation every page of ours gets, the window's and an MCP App's guest alike (desktop/app-webview-guard.ts):
 * its own JavaScript world, Chromium's sandbox, no Node anywhere, web security on.
 */
export const ISOLATED_PAGE_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
} as const;

/** Kept apart from index.ts so a test can check the security settings without the Electron binary. */
export function secureWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Switchboard',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      ...ISOLATED_PAGE_PREFERENCES,
      // Only for MCP Apps' sandbox: desktop/app-webview-guard.ts refuses every <webview> but the proxy in the
      // `mcp-apps` partition and forces its preload and isolation (secure-app.ts puts the guard on every window).
      webviewTag: true,
      // A middle click on a link opens nothing new (window.open is denied too; this keeps the event from firing).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  };
}

/**
 * The renderer's CSP in Electron: no remote code, no inline script, no network besides our own page.
 * `devServer` (electron-vite's dev server URL, development only): Vite serves React Fast Refresh's preamble as
 * an inline script and talks to its HMR WebSocket, so those two are allowed then and never in a build.
 */
export function rendererCsp(devServer?: string): string {
  const dev = devServer ? new URL(devServer) : undefined;
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // A tool result's or a resource's audio plays from a data: URL (the data never leaves the page).
    "media-src 'self' data:",
    dev ? `connect-src 'self' ws://${dev.host}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

export const ELECTRON_CSP = rendererCsp();

/** The page's own meta CSP, loosened the same way while Vite serves it (`ws://localhost:*`: the port is Vite's choice). */
export function devMetaCsp(html: string): string {
  return html.replace(
    /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/,
    (_all, open: string, csp: string, close: string) =>
      open +
      csp
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*") +
      close,
  );
}
