// Checks every HTTP request passes before it reaches a session: DNS-rebinding (Host, Origin),
// then the optional bearer token. Pure functions over headers, so they are easy to test.
//
// Why not the SDK's helpers: the transport's allowedHosts/allowedOrigins options are deprecated
// ("use external middleware") and only run inside an existing transport, so a request with an
// unknown session id would be answered 404 before them; the SDK's hostHeaderValidation() middleware
// is Express-shaped, ignores the port and does not check Origin. Here both are checked, port included.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** Host header values a local client can legitimately send to a server bound on 127.0.0.1:port. */
export function allowedHostsForPort(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function checkHostAndOrigin(headers: IncomingHttpHeaders, allowedHosts: readonly string[]): GuardVerdict {
  const host = headers.host?.toLowerCase();
  if (!host || !allowedHosts.includes(host)) {
    return {
      ok: false,
      status: 403,
      message: `Forbidden: Host header ${JSON.stringify(headers.host ?? '')} is not allowed`,
    };
  }
  // Browsers always send Origin on cross-site requests; non-browser clients usually send none.
  const origin = headers.origin;
  if (origin !== undefined) {
    const allowedOrigins = allowedHosts.map((h) => `http://${h}`);
    if (!allowedOrigins.includes(origin.toLowerCase())) {
      return { ok: false, status: 403, message: `Forbidden: Origin ${JSON.stringify(origin)} is not allowed` };
    }
  }
  return { ok: true };
}

export function checkBearerToken(headers: IncomingHttpHeaders, token: string | undefined): GuardVerdict {
  if (!token) return { ok: true };
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  const presented = Buffer.from(match?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  // Constant-time compare; lengths must match first or timingSafeEqual throws.
  const valid = presented.length === expected.length && timingSafeEqual(presented, expected);
  return valid ? { ok: true } : { ok: false, status: 401, message: 'Unauthorized: missing or invalid bearer token' };
}
