import { appContentSecurityPolicy, decodeAppCsp } from './app-sandbox-csp';
import { APP_RELAY_GLOBAL } from './app-relay';

/**
 * The sandbox proxy of MCP Apps' double-iframe design: the outer page, on an origin of its own (a second loopback
 * server for the browser console, a custom scheme in Electron), relays JSON-RPC between the console and an inner
 * iframe that holds the app's HTML (srcdoc, `sandbox="allow-scripts"` and never allow-same-origin: the app gets an
 * opaque origin, no storage, no cookies, no access to either parent). The inner document inherits the proxy's CSP,
 * built from the app's `_meta.ui.csp` (passed in the URL, re-read here as untrusted), and carries it as a meta tag too.
 */
export const SANDBOX_PROXY_PATH = '/mcp-app-proxy';
export const SANDBOX_SCRIPT_PATH = '/mcp-app-proxy.js';

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the sandbox origin answers for a path and query. Both the loopback server and the Electron protocol use it. */
export function sandboxResponse(url: URL, options: { hostOrigins: readonly string[] }): SandboxResponse {
  const refuse = (status: number, text: string): SandboxResponse => ({
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-security-policy': "default-src 'none'",
      ...COMMON_HEADERS,
    },
    body: text,
  });
  if (url.pathname === SANDBOX_SCRIPT_PATH) {
    return {
      status: 200,
      headers: { 'content-type': 'text/javascript; charset=utf-8', ...COMMON_HEADERS },
      body: PROXY_SCRIPT,
    };
  }
  if (url.pathname !== SANDBOX_PROXY_PATH) return refuse(404, 'not found');
  const policy = appContentSecurityPolicy(decodeAppCsp(url.searchParams.get('csp')));
  const ancestors = options.hostOrigins.join(' ');
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // Only the console may frame the proxy; the inner document inherits the rest of this policy.
      'content-security-policy': `${policy}; frame-ancestors ${ancestors}`,
      ...COMMON_HEADERS,
    },
    body: proxyPage(options.hostOrigins, policy),
  };
}

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  // The proxy's URL holds the sandbox token: the app's document (whose referrer would be this URL) never sees it.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function proxyPage(hostOrigins: readonly string[], policy: string): string {
  return [
    '<!doctype html>',
    `<html data-hosts="${escapeAttribute(JSON.stringify(hostOrigins))}" data-csp="${escapeAttribute(policy)}">`,
    '<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>MCP App</title>',
    '<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>',
    `<script src="${SANDBOX_SCRIPT_PATH}"></script>`,
    '</head><body></body></html>',
  ].join('');
}

/**
 * The proxy's script. It trusts the parent only at one of the console's origins, loads the app once, relays
 * everything else unchanged both ways (the console's AppBridge validates and rate-bounds it), and never honours a
 * `sandbox` override from the message: the inner frame's flags are fixed here.
 */
const PROXY_SCRIPT = `(() => {
  'use strict';
  // Framed (the browser console): the parent is the host. The desktop's <webview> guest is a top document: its
  // host is reached through the relay its preload gives it. Top-level without a relay (opened directly): nothing.
  const relay = window.self === window.top ? window.${APP_RELAY_GLOBAL} : null;
  if (window.self === window.top && !relay) return;
  const root = document.documentElement;
  const hosts = JSON.parse(root.dataset.hosts || '[]');
  const policy = root.dataset.csp || "default-src 'none'";
  const PERMISSIONS = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  let host = null;
  let inner = null;
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  function load(params) {
    if (inner || !params || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', 'allow-scripts');
    inner.setAttribute('referrerpolicy', 'no-referrer');
    const granted = params.permissions && typeof params.permissions === 'object' ? params.permissions : {};
    const allow = Object.keys(PERMISSIONS).filter((name) => granted[name] != null).map((name) => PERMISSIONS[name]);
    if (allow.length) inner.setAttribute('allow', allow.join('; '));
    inner.srcdoc = '<meta http-equiv="Content-Security-Policy" content="' + escapeHtml(policy) + '">' + params.html;
    document.body.appendChild(inner);
  }
  function fromHost(data) {
    if (data && data.method === 'ui/notifications/sandbox-resource-ready') load(data.params);
    else if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
  }
  window.addEventListener('message', (event) => {
    if (!relay && event.source === window.parent) {
      if (!hosts.includes(event.origin) || (host !== null && host !== event.origin)) return;
      host = event.origin;
      fromHost(event.data);
    } else if (inner && event.source === inner.contentWindow && (relay || host !== null)) {
      if (relay) relay.toHost(event.data);
      else window.parent.postMessage(event.data, host);
    }
  });
  const ready = { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} };
  if (relay) {
    relay.onHost(fromHost);
    relay.toHost(ready);
  } else for (const origin of hosts) window.parent.postMessage(ready, origin);
})();
`;
