import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { demoShopConfigText } from '../../src/main/demo-shop/default-config';
import { EventBus } from '../../src/main/core/events';
import { MAX_ANSWER_BYTES, startWsAdapter } from '../../src/main/adapters/ws';
import { startHostProcess, type HostProcess } from './helpers/headless-host';
import { createRouter, type Handlers } from '../../src/main/rpc/router';

/**
 * Issue 25: a frame nested 200,000 deep was answered under id −1 (its route could not be turned into text), so the
 * client could not tell which request failed; and an answer larger than the connection's unsent-bytes bound dropped
 * the client that asked for it. Both against real sockets: the real headless host, and the adapter on 127.0.0.1:0.
 */
let host: HostProcess | undefined;
let dir: string | undefined;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-frames-'));
  await writeFile(join(dir, 'switchboard.yaml'), demoShopConfigText());
  host = await startHostProcess(dir);
}, 60_000);
afterAll(async () => {
  await host?.stop('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends raw text and resolves with the first answer frame, or with the close code if the socket closes first. */
function exchange(
  socket: WebSocket,
  text: string,
): Promise<{ id?: number; result?: { ok: boolean; error?: { code: string; message: string } }; closed?: number }> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString());
      if (frame.event) return;
      socket.off('message', onMessage);
      resolve(frame);
    };
    socket.on('message', onMessage);
    socket.once('close', (code) => resolve({ closed: code }));
    socket.send(text);
  });
}

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('WebSocket frames', () => {
  it('a frame nested 200,000 deep is answered under its own id with a clear error, and the socket keeps working', async () => {
    const socket = await open(`ws://127.0.0.1:${host!.port}/rpc?token=${host!.token}`);
    const byRoute = await exchange(socket, `{"id":77,"route":${deep(200_000)}}`);
    expect(byRoute.id).toBe(77);
    expect(byRoute.result).toMatchObject({
      ok: false,
      error: { code: 'unknown_route', message: expect.stringContaining('route must be a string') },
    });
    const byInput = await exchange(socket, `{"id":78,"route":"config.get","input":${deep(200_000)}}`);
    expect(byInput.id).toBe(78);
    expect(byInput.result?.ok).toBe(false);
    expect(byInput.result?.error).toMatchObject({
      code: 'bad_request',
      message: 'config.get: input is not JSON-serialisable',
    });
    expect(await exchange(socket, '{"id":79,"route":"config.get"}')).toMatchObject({ id: 79, result: { ok: true } });
    socket.close();
  }, 60_000);

  it('the router (IPC takes it directly) answers a route nested 200,000 deep as unknown_route, not internal', async () => {
    const route = JSON.parse(deep(200_000)) as unknown;
    expect(await createRouter({} as Handlers)(route, {}, { transport: 'ipc' })).toMatchObject({
      ok: false,
      error: { code: 'unknown_route', message: 'unknown route (an array)' },
    });
  });

  it('an answer too large for the connection is refused under its id instead of dropping the client', async () => {
    const big = 'x'.repeat(Math.max(MAX_ANSWER_BYTES + 1, 9 * 1024 * 1024)); // over MAX_UNSENT_BYTES: the old adapter dropped the client
    const adapter = await startWsAdapter({
      dispatch: async (route) => (route === 'big' ? { ok: true, data: big } : { ok: true, data: 'small' }),
      events: new EventBus(),
      token: 't',
    });
    try {
      const socket = await open(`ws://127.0.0.1:${adapter.port}/rpc?token=t`);
      const answer = await exchange(socket, '{"id":5,"route":"big"}');
      expect(answer).toMatchObject({
        id: 5,
        result: { ok: false, error: { code: 'payload_too_large', message: expect.stringContaining('ask for less') } },
      });
      expect(await exchange(socket, '{"id":6,"route":"small"}')).toMatchObject({
        id: 6,
        result: { ok: true, data: 'small' },
      });
      socket.close();
    } finally {
      await adapter.close();
    }
  });
});
