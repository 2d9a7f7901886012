/**
 * The one gate for every URL we hand to something outside the console: the OS opener (Electron's
 * shell.openExternal, the CLI's $BROWSER / xdg-open), a URL-mode elicitation, an app's open-link. A server
 * controls these URLs, and an OS opener will happily run `file:`, `smb:` or `search-ms:` handlers, so only
 * `https:` passes, plus `http:` on a loopback host (RFC 8252 redirects and local dev servers).
 * Pure: shared by main, the CLI and the renderer.
 */
import type { UiMessage } from '../i18n-message';
import { say } from '../messages';

export type ExternalUrlCheck =
  | { ok: true; url: URL; /** the host as the operator should read it: punycode, never a look-alike */ host: string }
  | { ok: false; reason: ExternalUrlRefusal; scheme?: string };

export type ExternalUrlRefusal = 'malformed' | 'scheme' | 'httpNotLoopback' | 'credentials';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for localhost, 127.0.0.0/8 and [::1]. `hostname` is as URL parses it (IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost')) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function checkExternalUrl(raw: string): ExternalUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 'https' && scheme !== 'http') return { ok: false, reason: 'scheme', scheme };
  if (scheme === 'http' && !isLoopbackHost(url.hostname)) return { ok: false, reason: 'httpNotLoopback', scheme };
  // user:pass@host is the classic way to make one host read as another ("https://bank.com@evil.example").
  if (url.username || url.password) return { ok: false, reason: 'credentials', scheme };
  if (!url.hostname) return { ok: false, reason: 'malformed', scheme };
  // WHATWG URL already gives the ASCII (punycode) form of an IDN host.
  return { ok: true, url, host: url.hostname };
}

/** English words for a refusal, naming the server the URL came from; the CLI and logs print these. */
export function externalUrlRefusalText(check: Extract<ExternalUrlCheck, { ok: false }>, server: string): string {
  switch (check.reason) {
    case 'malformed':
      return `refused a URL from ${server}: it is not a valid URL`;
    case 'scheme':
      return `refused a URL from ${server}: the scheme "${check.scheme}:" is not allowed (only https:, or http: on this machine)`;
    case 'httpNotLoopback':
      return `refused a URL from ${server}: plain http: is allowed only for this machine (localhost); use https:`;
    case 'credentials':
      return `refused a URL from ${server}: it carries a user name or password before its host`;
  }
}

/** The refusal as a clause the console translates (`url.refusal.*`); a sentence naming the server inserts it. */
export function externalUrlRefusalMessage(check: Extract<ExternalUrlCheck, { ok: false }>): UiMessage {
  return check.reason === 'scheme'
    ? say('url.refusal.scheme', { scheme: check.scheme ?? '' })
    : say(`url.refusal.${check.reason}`);
}

/**
 * Makes invisible and direction-changing characters visible, so a URL or server text reads as what it is:
 * U+202E and friends (bidi overrides and isolates), zero-width characters and C0/C1 controls become `\u{…}`.
 */
export function revealHiddenCharacters(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g,
    (ch) => `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
}
