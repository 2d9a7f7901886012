import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackRedirect, type LoopbackRedirect } from './loopback-redirect';

/** Raw requests with real sockets, so Host and Origin can be anything an attacker could send. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; csp: string | undefined }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, headers },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body, csp: res.headers['content-security-policy'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let listener: LoopbackRedirect | undefined;
let blocker: Server | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  blocker = undefined;
});

const callback = (l: LoopbackRedirect, query: string) => `${l.redirectUrl}?${query}`;

describe('the loopback redirect listener (RFC 8252)', () => {
  it('listens on 127.0.0.1 on a port the OS picks, and takes the code of this sign-in', async () => {
    listener = await startLoopbackRedirect({ timeoutMs: 5_000, serverName: 'tracker' });
    expect(listener.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await get(callback(listener, `code=abc&state=${listener.state}`));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Signed in to tracker');
    expect(page.csp).toBe("default-src 'none'");
    await expect(listener.result).resolves.toEqual({ code: 'abc' });
  });

  it('refuses a foreign Host (DNS rebinding), a foreign Origin, a wrong state and another path, and keeps waiting', async () => {
    listener = await startLoopbackRedirect({ timeoutMs: 5_000, serverName: 'tracker' });
    const port = new URL(listener.redirectUrl).port;
    expect(
      (await get(callback(listener, `code=x&state=${listener.state}`), { Host: `evil.example:${port}` })).status,
    ).toBe(421);
    expect(
      (await get(callback(listener, `code=x&state=${listener.state}`), { Origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await get(callback(listener, 'code=x&state=guessed'))).status).toBe(400);
    expect((await get(`http://127.0.0.1:${port}/other?code=x&state=${listener.state}`)).status).toBe(404);
    const good = await get(callback(listener, `code=real&state=${listener.state}`));
    expect(good.status).toBe(200);
    await expect(listener.result).resolves.toEqual({ code: 'real' });
  });

  it('passes the authorization server’s error on as it said it, escaped on the page', async () => {
    listener = await startLoopbackRedirect({ timeoutMs: 5_000, serverName: 'tracker' });
    const page = await get(
      callback(
        listener,
        `error=access_denied&error_description=${encodeURIComponent('<b>no</b> thanks')}&state=${listener.state}`,
      ),
    );
    expect(page.body).toContain('access_denied: &#60;b&#62;no&#60;/b&#62; thanks');
    await expect(listener.result).resolves.toEqual({
      error: 'access_denied',
      description: '<b>no</b> thanks',
      uri: undefined,
    });
  });

  it('gives up after its timeout, and closes', async () => {
    listener = await startLoopbackRedirect({ timeoutMs: 150, serverName: 'tracker' });
    await expect(listener.result).rejects.toThrow('no answer from the browser within 1 s; sign in again');
    await expect(get(callback(listener, `code=x&state=${listener.state}`))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('tries the port a registered redirect URI names first, and another when it is taken', async () => {
    const first = await startLoopbackRedirect({ timeoutMs: 5_000, serverName: 't' });
    const port = Number(new URL(first.redirectUrl).port);
    await first.close();
    listener = await startLoopbackRedirect({ preferredPort: port, timeoutMs: 5_000, serverName: 't' });
    expect(listener.redirectUrl).toBe(`http://127.0.0.1:${port}/callback`);
    await listener.close();
    blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => blocker!.once('listening', resolve));
    listener = await startLoopbackRedirect({ preferredPort: port, timeoutMs: 5_000, serverName: 't' });
    expect(listener.redirectUrl).not.toBe(`http://127.0.0.1:${port}/callback`);
  });
});
