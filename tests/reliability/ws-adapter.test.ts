import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EventBus } from '../../src/main/core/events';
import { startWsAdapter, type WsAdapterHandle } from '../../src/main/adapters/ws';
import type { Dispatch } from '../../src/main/rpc/router';

/**
 * The headless console's front door under abuse: oversized frames, garbage frames, path tricks and
 * malformed URLs on the static server, Origin "null", a duplicated token. Each abuse costs the abuser
 * their own socket or request at most; other clients keep being served.
 */
const TOKEN = 'tok-123';
const MAX = 64 * 1024;
let root: string;
let ws: WsAdapterHandle;
const dispatched: unknown[] = [];
const dispatch: Dispatch = async (route, input) => {
  dispatched.push(route);
  return route === 'echo'
    ? { ok: true, data: input }
    : { ok: false, error: { code: 'unknown_route', message: `no route ${String(route)}` } };
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sb-ws-'));
  await mkdir(join(root, 'renderer'));
  await writeFile(join(root, 'renderer', 'index.html'), '<html>console</html>');
  await writeFile(join(root, 'secret.txt'), 'TOP-SECRET');
  await mkdir(join(root, 'renderer-private'));
  await writeFile(join(root, 'renderer-private', 'key.txt'), 'PRIVATE-KEY');
  ws = await startWsAdapter({
    dispatch,
    events: new EventBus(),
    token: TOKEN,
    staticDir: join(root, 'renderer'),
    maxPayloadBytes: MAX,
  });
});
afterAll(async () => {
  await ws.close();
  await rm(root, { recursive: true, force: true });
});

const rpcUrl = (query = `token=${TOKEN}`) => `ws://127.0.0.1:${ws.port}/rpc?${query}`;

function open(url = rpcUrl(), headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** Sends one frame and resolves with the response carrying `id`. */
function call(
  socket: WebSocket,
  id: number,
  route: string,
  input: unknown,
): Promise<{ id: number; result: { ok: boolean; data?: unknown } }> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString());
      if (frame.id === id) {
        socket.off('message', onMessage);
        resolve(frame);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, route, input }));
  });
}

/** Plain HTTP against the static server, with a raw path (no client-side normalisation). */
function get(path: string, host = `127.0.0.1:${ws.port}`): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: ws.port, path, method: 'GET', headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('WebSocket adapter under abuse', () => {
  it('a frame over maxPayload closes that socket (1009); another client keeps being served; new clients connect', async () => {
    const bystander = await open();
    const abuser = await open();
    const closed = new Promise<number>((resolve) => abuser.once('close', (code) => resolve(code)));
    const before = dispatched.length;
    abuser.send(JSON.stringify({ id: 1, route: 'echo', input: 'x'.repeat(MAX * 2) }));
    expect(await closed).toBe(1009);
    expect(dispatched.length).toBe(before); // the oversized frame never reached the router
    expect((await call(bystander, 2, 'echo', { still: 'here' })).result).toEqual({ ok: true, data: { still: 'here' } });
    const fresh = await open();
    expect((await call(fresh, 3, 'echo', 1)).result).toEqual({ ok: true, data: 1 });
    bystander.close();
    fresh.close();
  });

  it('garbage frames get a bad_request each and the socket keeps working', async () => {
    const socket = await open();
    const garbage: (string | Buffer)[] = [
      '',
      'null',
      '[]',
      '[1,2]',
      '42',
      '"str"',
      '{"id":"1"}',
      '{"route":"echo"}',
      '{"id":null}',
      '{',
      Buffer.from([0xff, 0xfe, 0x00]),
    ];
    const replies: { id: number; result: { ok: boolean; error?: { code: string } } }[] = [];
    for (const frame of garbage) {
      const reply = new Promise<(typeof replies)[number]>((resolve) =>
        socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
      );
      socket.send(frame);
      replies.push(
        await Promise.race([
          reply,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`no reply to ${JSON.stringify(String(frame))}`)), 2000),
          ),
        ]),
      );
    }
    expect(replies.every((r) => r.id === -1 && r.result.ok === false && r.result.error?.code === 'bad_request')).toBe(
      true,
    );
    // Frames with odd but numeric ids and odd routes still reach the router, which answers cleanly.
    expect((await call(socket, 1e15, 'echo', null)).result).toEqual({ ok: true, data: null });
    // An object as route still gets an answer under its own id (the client can correlate it).
    expect((await call(socket, 5, { toString: 1 } as unknown as string, {})).result).toMatchObject({
      ok: false,
      error: { code: 'unknown_route' },
    });
    socket.close();
  });

  it('refuses Origin "null" (sandboxed frames, file pages) and a duplicated token whose first value is wrong', async () => {
    await expect(open(rpcUrl(), { Origin: 'null' })).rejects.toThrow('HTTP 403');
    await expect(open(rpcUrl(`token=wrong&token=${TOKEN}`))).rejects.toThrow('HTTP 401');
    await expect(open(rpcUrl(`token=${TOKEN.toUpperCase()}`))).rejects.toThrow('HTTP 401');
    await expect(open(rpcUrl(`token=${TOKEN}x`))).rejects.toThrow('HTTP 401');
    await expect(open(`ws://127.0.0.1:${ws.port}/rpc/?token=${TOKEN}`)).rejects.toThrow('HTTP 404');
  });

  it('a malformed URL escape is a 400, not a crash, and the server keeps serving', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/%zz', '/assets/%C0%AF']) expect((await get(path)).status, path).toBe(400);
    expect(await get('/')).toMatchObject({ status: 200, body: '<html>console</html>' });
  });

  it('never serves a file outside the renderer directory, whatever the encoding', async () => {
    const tricks = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..\\secret.txt',
      '/../renderer-private/key.txt',
      '/%2e%2e/renderer-private/key.txt',
      '//etc/passwd',
      '/%00',
    ];
    for (const path of tricks) {
      const { status, body } = await get(path);
      expect(body, path).not.toMatch(/TOP-SECRET|PRIVATE-KEY|root:/);
      expect([200, 400, 403, 404], path).toContain(status);
    }
  });

  it('the static server refuses a foreign Host (DNS rebinding) and non-GET methods', async () => {
    expect((await get('/', 'evil.example')).status).toBe(403);
    expect((await get('/', `attacker.test:${ws.port}`)).status).toBe(403);
    const status = await new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port: ws.port, path: '/', method: 'POST' }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.end('x');
    });
    expect(status).toBe(405);
  });
});
