import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { say } from '../../../shared/messages';
import { AuthFailure } from './auth-failure';

/** What the authorization server sent back to the redirect URI. */
/** `iss`: the authorization server's RFC 9207 issuer, when it sends one (the SDK checks it against the issuer it expects). */
export type RedirectResult = { code: string; iss?: string } | { error: string; description?: string; uri?: string };

export interface LoopbackRedirect {
  /** http://127.0.0.1:PORT/callback */
  redirectUrl: string;
  /** The OAuth `state` this listener accepts; anything else is refused. */
  state: string;
  /** Resolves with the first valid callback, or rejects on timeout or close. */
  result: Promise<RedirectResult>;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** Try this port first (the one a registered redirect URI names), else a random one. */
  preferredPort?: number;
  timeoutMs: number;
  /** Shown on the page the browser lands on. */
  serverName: string;
}

const PATH = '/callback';

/**
 * The redirect listener of a native OAuth client (RFC 8252 §7.3): 127.0.0.1 only, a port the OS picks,
 * one path. A request must name our host (no DNS rebinding), carry no foreign Origin, and bring the
 * random `state` of this sign-in (the loopback token), so only the authorization server's redirect of
 * this flow is taken. The listener closes after the first good callback, on timeout, or on close().
 */
export async function startLoopbackRedirect(options: LoopbackOptions): Promise<LoopbackRedirect> {
  const state = randomBytes(24).toString('base64url');
  let settle: { resolve: (r: RedirectResult) => void; reject: (e: Error) => void } | undefined;
  const result = new Promise<RedirectResult>((resolve, reject) => (settle = { resolve, reject }));
  result.catch(() => undefined); // the caller may never look (e.g. the flow failed before the browser)
  let port = 0;
  const server = createServer((req, res) => {
    const outcome = handle(req, res, port, state, options.serverName);
    if (outcome) {
      settle?.resolve(outcome);
      settle = undefined;
      setImmediate(() => void close());
    }
  });
  port = await listen(server, options.preferredPort);
  const timer = setTimeout(() => {
    settle?.reject(new AuthFailure(say('auth.browserTimeout', { seconds: Math.ceil(options.timeoutMs / 1000) })));
    settle = undefined;
    void close();
  }, options.timeoutMs);
  timer.unref();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      settle?.reject(new AuthFailure(say('auth.signInCancelled')));
      settle = undefined;
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  return { redirectUrl: `http://127.0.0.1:${port}${PATH}`, state, result, close };
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  state: string,
  serverName: string,
): RedirectResult | undefined {
  const host = req.headers.host;
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
    return void reply(res, 421, 'Wrong host', 'This listener answers only on 127.0.0.1.');
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return void reply(res, 403, 'Refused', 'Requests from other pages are refused.');
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (req.method !== 'GET' || url.pathname !== PATH) return void reply(res, 404, 'Not found', 'Nothing here.');
  if (url.searchParams.get('state') !== state)
    return void reply(
      res,
      400,
      'Unknown sign-in',
      'This answer does not belong to the sign-in in progress; start it again from Switchboard.',
    );
  const error = url.searchParams.get('error');
  if (error) {
    const description = url.searchParams.get('error_description') ?? undefined;
    reply(
      res,
      200,
      `Sign-in to ${serverName} failed`,
      `The authorization server answered: ${error}${description ? `: ${description}` : ''}`,
    );
    return { error, description, uri: url.searchParams.get('error_uri') ?? undefined };
  }
  const code = url.searchParams.get('code');
  if (!code) return void reply(res, 400, 'No code', 'The authorization server sent neither a code nor an error.');
  reply(res, 200, `Signed in to ${serverName}`, 'Switchboard has the authorization; you can close this tab.');
  const iss = url.searchParams.get('iss') ?? undefined;
  return iss === undefined ? { code } : { code, iss };
}

function reply(res: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'",
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(body);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function listen(server: Server, preferred: number | undefined): Promise<number> {
  const attempt = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    });
  return preferred ? attempt(preferred).catch(() => attempt(0)) : attempt(0);
}
