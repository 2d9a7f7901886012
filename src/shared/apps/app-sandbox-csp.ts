/**
 * The Content-Security-Policy an MCP App's document runs under, from its resource's `_meta.ui.csp`
 * (io.modelcontextprotocol/ui). Everything defaults to none; each domain the app declares is accepted only when it
 * names one origin (https:/wss:, or http:/ws: on loopback, `https://*.example.com` for subdomains), so a declared
 * `*`, a bare scheme, a keyword or a directive smuggled in with `;` never reaches the policy: it is refused with the
 * entry named, for the operator to see.
 */

export type AppCspField = 'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains';
export const APP_CSP_FIELDS: readonly AppCspField[] = [
  'connectDomains',
  'resourceDomains',
  'frameDomains',
  'baseUriDomains',
];

/** Beyond this many entries per field the rest are refused: a policy is sent in a URL and a header. */
export const MAX_CSP_DOMAINS = 32;
const MAX_DOMAIN_LENGTH = 253 + 16;

export interface RefusedCspDomain {
  field: AppCspField;
  /** What the resource asked for, cut to 100 characters. */
  value: string;
  reason: 'not-an-origin' | 'wildcard' | 'insecure-scheme' | 'too-many';
}

export interface AppCsp {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
  /** wasm-unsafe-eval, only when the resource asks for it by name. */
  wasm: boolean;
}

export interface AppCspResult {
  csp: AppCsp;
  refused: RefusedCspDomain[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** One declared domain as a CSP source (`scheme://host[:port]`), or why not. */
export function cspSource(
  raw: unknown,
): { ok: true; source: string } | { ok: false; reason: RefusedCspDomain['reason'] } {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_DOMAIN_LENGTH)
    return { ok: false, reason: 'not-an-origin' };
  if (/[\s;,'"\\]/.test(raw)) return { ok: false, reason: 'not-an-origin' };
  const match = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([^/:?#]+)(:\d{1,5})?\/?$/i.exec(raw);
  if (!match) return { ok: false, reason: raw.includes('*') ? 'wildcard' : 'not-an-origin' };
  const scheme = match[1]!.toLowerCase();
  const wildcard = match[2] !== undefined;
  const host = match[3]!.toLowerCase();
  const port = match[4] ?? '';
  if (host.includes('*')) return { ok: false, reason: 'wildcard' };
  const loopback = LOOPBACK.has(host);
  if (scheme === 'http' || scheme === 'ws') {
    if (!loopback || wildcard) return { ok: false, reason: 'insecure-scheme' };
  } else if (scheme !== 'https' && scheme !== 'wss') {
    return { ok: false, reason: 'insecure-scheme' };
  }
  if (!loopback) {
    const labels = host.split('.');
    if (!labels.every((label) => LABEL.test(label))) return { ok: false, reason: 'not-an-origin' };
    // `https://*.com` would be every site under a top-level domain.
    if (wildcard && labels.length < 2) return { ok: false, reason: 'wildcard' };
    if (!wildcard && labels.length < 2 && !/^\d+$/.test(labels[0]!)) return { ok: false, reason: 'not-an-origin' };
  }
  return { ok: true, source: `${scheme}://${wildcard ? '*.' : ''}${host}${port}` };
}

/** Reads `_meta.ui.csp` as a server sent it (anything), keeping what is an origin and naming what is not. */
export function readAppCsp(declared: unknown): AppCspResult {
  const csp: AppCsp = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [], wasm: false };
  const refused: RefusedCspDomain[] = [];
  const given = (declared && typeof declared === 'object' ? declared : {}) as Record<string, unknown>;
  for (const field of APP_CSP_FIELDS) {
    const list = Array.isArray(given[field]) ? (given[field] as unknown[]) : [];
    list.forEach((entry, index) => {
      const value = String(entry).slice(0, 100);
      if (index >= MAX_CSP_DOMAINS) {
        refused.push({ field, value, reason: 'too-many' });
        return;
      }
      const source = cspSource(entry);
      if (!source.ok) refused.push({ field, value, reason: source.reason });
      else if (!csp[field].includes(source.source)) csp[field].push(source.source);
    });
  }
  csp.wasm = given.wasmUnsafeEval === true;
  return { csp, refused };
}

const list = (sources: string[], fallback: string) => (sources.length ? sources.join(' ') : fallback);

/**
 * The policy itself. 'self' is the sandbox origin (the proxy's own script lives there and nothing else); the app's
 * inline scripts and styles run, as bundled single-file apps need; no eval, no plugins, no forms posted anywhere.
 */
export function appContentSecurityPolicy(csp: AppCsp): string {
  const resources = csp.resourceDomains.join(' ');
  const withResources = (base: string) => `${base}${resources ? ` ${resources}` : ''}`;
  return [
    "default-src 'none'",
    withResources(`script-src 'self' 'unsafe-inline'${csp.wasm ? " 'wasm-unsafe-eval'" : ''}`),
    withResources("style-src 'self' 'unsafe-inline'"),
    withResources("img-src 'self' data: blob:"),
    withResources("font-src 'self' data:"),
    withResources("media-src 'self' data: blob:"),
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'none'")}`,
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The permissions an app may be granted, each behind the operator's consent, and its Permissions-Policy name. */
export const APP_PERMISSIONS = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
} as const;
export type AppPermission = keyof typeof APP_PERMISSIONS;

/** The permissions a resource's `_meta.ui.permissions` asks for (`{}` or `true`), known ones only, in a fixed order. */
export function requestedPermissions(declared: unknown): AppPermission[] {
  if (!declared || typeof declared !== 'object') return [];
  return (Object.keys(APP_PERMISSIONS) as AppPermission[]).filter((name) => {
    const value = (declared as Record<string, unknown>)[name];
    return value != null && value !== false;
  });
}

/** The inner frame's `allow` attribute for the permissions the operator granted (empty: none). */
export function allowAttribute(granted: readonly AppPermission[]): string {
  return granted
    .filter((name) => name in APP_PERMISSIONS)
    .map((name) => APP_PERMISSIONS[name])
    .join('; ');
}

/** A CSP travels to the sandbox origin in the proxy URL's query: base64url of its JSON. */
export function encodeAppCsp(csp: AppCsp): string {
  const { wasm, ...domains } = csp;
  // In the shape a resource declares, so the sandbox side reads it with the same readAppCsp.
  const bytes = new TextEncoder().encode(JSON.stringify({ ...domains, wasmUnsafeEval: wasm }));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Reads it back on the sandbox side, as untrusted input: anything malformed is the default (none). */
export function decodeAppCsp(encoded: string | null): AppCsp {
  if (!encoded || encoded.length > 16_384) return readAppCsp(undefined).csp;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return readAppCsp(JSON.parse(text)).csp;
  } catch {
    return readAppCsp(undefined).csp;
  }
}
