import { APP_PERMISSIONS, type AppPermission } from '../../shared/apps/app-sandbox-csp';
import { SANDBOX_PROXY_PATH } from '../../shared/apps/app-sandbox-proxy';
import { ISOLATED_PAGE_PREFERENCES } from '../window-options';
import { SANDBOX_HOST, SANDBOX_SCHEME } from './app-sandbox-protocol';

/**
 * MCP Apps' session partition in the desktop: in memory (no `persist:`), shared by no other page. The `<webview>`
 * that hosts the sandbox proxy must name it; main serves the sandbox scheme and answers permissions only there.
 */
export const APP_PARTITION = 'mcp-apps';
/** The query parameter of the proxy URL that carries the permissions the operator granted this app. */
export const GRANT_PARAM = 'grant';

/** The `will-attach-webview` event as the guard sees it. */
export interface WebviewAttach {
  event: { preventDefault(): void };
  /** Electron's webPreferences for the guest, built from the element's attributes; changed in place. */
  webPreferences: Record<string, unknown>;
  /** The element's other attributes (src, partition, preload…); changed in place. */
  params: Record<string, unknown>;
}

/** What every guest gets, whatever the element asked: our relay preload and the window's own isolation. */
export function appGuestWebPreferences(relayPreload: string): Record<string, unknown> {
  return {
    partition: APP_PARTITION,
    preload: relayPreload,
    ...ISOLATED_PAGE_PREFERENCES,
    webviewTag: false,
    plugins: false,
    disablePopups: true,
    javascript: true,
    spellcheck: false,
  };
}

/**
 * The sandbox proxy URL a webview may load, with the permissions it grants, or why not: exactly
 * `mcp-app-sandbox://proxy/mcp-app-proxy`, no credentials or fragment, no parameter but `csp` and `grant` (each at
 * most once), and a grant list of known permission names.
 */
export function readProxySrc(src: unknown): { ok: true; grants: AppPermission[] } | { ok: false; reason: string } {
  if (typeof src !== 'string' || !src) return { ok: false, reason: 'no src' };
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { ok: false, reason: 'src is not a URL' };
  }
  if (url.protocol !== `${SANDBOX_SCHEME}:` || url.host !== SANDBOX_HOST || url.pathname !== SANDBOX_PROXY_PATH)
    return { ok: false, reason: `src is not the sandbox proxy: ${src.slice(0, 200)}` };
  if (url.username || url.password || url.hash) return { ok: false, reason: 'src has credentials or a fragment' };
  const keys = [...url.searchParams.keys()];
  if (keys.some((key) => key !== 'csp' && key !== GRANT_PARAM) || new Set(keys).size !== keys.length)
    return { ok: false, reason: 'src has parameters other than csp and grant' };
  const grants = (url.searchParams.get(GRANT_PARAM) ?? '').split(',').filter(Boolean);
  const unknown = grants.filter((name) => !Object.hasOwn(APP_PERMISSIONS, name));
  if (unknown.length) return { ok: false, reason: `src grants unknown permissions: ${unknown.join(', ')}` };
  return { ok: true, grants: [...new Set(grants)] as AppPermission[] };
}

/** Why an attach is refused, or null: each thing a page could ask of a webview beyond our proxy in our partition. */
export function webviewRefusal({ webPreferences, params }: Omit<WebviewAttach, 'event'>): string | null {
  if (params.partition !== APP_PARTITION || webPreferences.partition !== APP_PARTITION)
    return `partition ${JSON.stringify(params.partition ?? webPreferences.partition ?? null)} is not ${APP_PARTITION}`;
  const src = readProxySrc(params.src);
  if (!src.ok) return src.reason;
  if (params.preload || webPreferences.preload || webPreferences.preloadURL) return 'a preload script';
  if (params.nodeintegration || params.nodeintegrationinsubframes) return 'node integration';
  if (
    webPreferences.nodeIntegration ||
    webPreferences.nodeIntegrationInSubFrames ||
    webPreferences.nodeIntegrationInWorker
  )
    return 'node integration';
  if (typeof params.webpreferences === 'string' && params.webpreferences.trim()) return 'a webpreferences attribute';
  if (params.disablewebsecurity || webPreferences.webSecurity === false) return 'web security off';
  if (params.allowpopups) return 'popups';
  if (params.plugins) return 'plugins';
  if (params.blinkfeatures || webPreferences.enableBlinkFeatures) return 'Blink features';
  if (webPreferences.contextIsolation === false || webPreferences.sandbox === false) return 'isolation off';
  return null;
}

/**
 * `will-attach-webview` on the console's window: the only `<webview>` it may attach is the MCP App sandbox proxy in
 * the `mcp-apps` partition. Anything else (another partition, another src, a preload, node integration, popups,
 * web security off…) is refused and logged; an accepted one gets our relay preload and the window's isolation
 * forced on, whatever else the element said.
 */
export function guardAppWebview(attach: WebviewAttach, options: { relayPreload: string; log(line: string): void }) {
  const refusal = webviewRefusal(attach);
  if (refusal) {
    attach.event.preventDefault();
    options.log(`[app webview] refused a webview: ${refusal}`);
    return;
  }
  delete attach.webPreferences.preloadURL;
  Object.assign(attach.webPreferences, appGuestWebPreferences(options.relayPreload));
  attach.params.partition = APP_PARTITION;
}

/** The slice of a guest webContents the guest guard uses. */
export interface AppGuestGuarded {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * On the guest itself (the proxy page, and the app inside it): it never navigates (the proxy never does; the app's
 * frame has no top navigation), never opens a window (not even through the OS browser: an app's link is
 * ui/open-link, which asks the operator), and never attaches a webview of its own.
 */
export function guardAppGuest(contents: AppGuestGuarded, log: (line: string) => void): void {
  const refuse = (event: { preventDefault(): void }, url: string) => {
    event.preventDefault();
    log(`[app webview] blocked a navigation of an MCP App's page to ${url.slice(0, 200)}`);
  };
  contents.on('will-navigate', refuse);
  contents.on('will-redirect', refuse);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    log(`[app webview] refused a window an MCP App opened: ${url.slice(0, 200)}`);
    return { action: 'deny' };
  });
}
