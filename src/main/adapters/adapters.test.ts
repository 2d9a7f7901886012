import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Result } from '../../shared/contract';
import { createTestCore, type TestCore as Core } from '../../../tests/support/core';
import { attachIpcAdapter, createSenderCheck, type IpcInvokeEventLike, type IpcMainPort } from './ipc';
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from './frames';
import { startWsAdapter, type WsAdapterHandle } from './ws';

type Listener = (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>;

/** An ipcMain-shaped port: the adapter under test is the real one. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const port: IpcMainPort = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const invoke = (from: IpcInvokeEventLike, route: unknown, input: unknown) =>
    handlers.get(IPC_REQUEST_CHANNEL)!(from, route, input) as Promise<Result<unknown>>;
  return { port, invoke, handlers };
}

function wsRequest(
  url: string,
  route: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<Result<unknown>> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => ws.send(JSON.stringify({ id: 7, route, input })));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.id === 7) {
        resolve(frame.result);
        ws.close();
      }
    });
    ws.on('error', reject);
  });
}

function wsRefusal(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', () => resolve(-1));
  });
}

describe('one contract over both adapters', () => {
  let dir: string;
  let core: Core;
  let ws: WsAdapterHandle;
  // The app window: its webContents and main frame are what the sender check compares by identity.
  const mainFrame = { processId: 4, routingId: 1, url: 'file:///app/out/renderer/index.html' };
  const appWindow = { webContents: { mainFrame, isDestroyed: () => false } };
  const ours: IpcInvokeEventLike = { sender: appWindow.webContents, senderFrame: mainFrame };
  const ipc = fakeIpcMain();
  const sent: unknown[][] = [];
  let detach: () => void;
  const rpcUrl = (token = 'secret-token') => `ws://127.0.0.1:${ws.port}/rpc?token=${token}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-adapters-'));
    core = await createTestCore({ dataDir: dir, watchConfig: false, validateOutput: true, log: () => undefined });
    ws = await startWsAdapter({ dispatch: core.dispatch, events: core.events, token: 'secret-token' });
    detach = attachIpcAdapter({
      ipcMain: ipc.port,
      dispatch: core.dispatch,
      events: core.events,
      isTrustedSender: createSenderCheck(() => appWindow),
      targets: () => [{ send: (...args: unknown[]) => void sent.push(args), isDestroyed: () => false }],
    });
  });
  afterAll(async () => {
    detach();
    await ws.close();
    await core.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the same routes identically over IPC and WebSocket', async () => {
    const viaIpc = await ipc.invoke(ours, 'config.get', {});
    const viaWs = await wsRequest(rpcUrl(), 'config.get', {});
    expect(viaIpc.ok).toBe(true);
    expect(viaWs).toEqual(viaIpc);
    const badIpc = await ipc.invoke(ours, 'config.save', { raw: 1 });
    const badWs = await wsRequest(rpcUrl(), 'config.save', { raw: 1 });
    expect(badIpc).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(badWs).toEqual(badIpc);
    expect(await wsRequest(rpcUrl(), 'no.such', {})).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
  });

  it('pushes events to both adapters', async () => {
    const received = new Promise<unknown>((resolve) => {
      const socket = new WebSocket(rpcUrl());
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        // Other events may come first (the embedded shop's first connection announces catalog.changed).
        if (frame.event === 'config.changed') {
          resolve(frame);
          socket.close();
        }
      });
      socket.on('open', () => {
        const raw = core.config.snapshot().raw.replace('maxSteps: 8', 'maxSteps: 5');
        void core.dispatch('config.save', { raw }, { transport: 'internal' });
      });
    });
    expect(await received).toMatchObject({ event: 'config.changed', payload: { source: 'app' } });
    expect(sent.some(([channel, name]) => channel === IPC_EVENT_CHANNEL && name === 'config.changed')).toBe(true);
  });

  it("IPC refuses any sender but the app window's main frame before routing", async () => {
    const otherContents = { mainFrame: { processId: 9, routingId: 1 }, isDestroyed: () => false };
    for (const from of [
      { sender: otherContents, senderFrame: otherContents.mainFrame }, // another webContents
      { sender: appWindow.webContents, senderFrame: { processId: 4, routingId: 2, url: mainFrame.url } }, // a subframe, same URL
      { sender: appWindow.webContents, senderFrame: null }, // a frame already gone
    ]) {
      const result = await ipc.invoke(from, 'config.get', {});
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    // The same frame reached through another wrapper object is still ours (identity is process + frame id).
    expect(
      await ipc.invoke({ sender: appWindow.webContents, senderFrame: { ...mainFrame } }, 'config.get', {}),
    ).toMatchObject({ ok: true });
  });

  it('WebSocket refuses a wrong or missing token, a foreign Origin and a foreign Host', async () => {
    expect(await wsRefusal(rpcUrl('wrong'))).toBe(401);
    expect(await wsRefusal(`ws://127.0.0.1:${ws.port}/rpc`)).toBe(401);
    expect(await wsRefusal(rpcUrl(), { Origin: 'https://evil.example' })).toBe(403);
    expect(await wsRefusal(rpcUrl(), { Host: 'evil.example' })).toBe(403);
    expect(await wsRefusal(rpcUrl(), { Origin: `http://127.0.0.1:${ws.port}` })).toBe(101);
  });

  it('tells the page whether its token is the one (never the token itself), behind the same Host check', async () => {
    const check = (query: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: ws.port, path: `/token-check${query}`, headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });
    expect(await check('?token=secret-token')).toEqual({ status: 200, body: '{"token":"ok"}' });
    expect(await check('?token=stale')).toEqual({ status: 401, body: '{"token":"wrong"}' });
    expect(await check('')).toEqual({ status: 401, body: '{"token":"missing"}' });
    expect((await check('?token=secret-token', { Host: 'evil.example' })).status).toBe(403);
  });

  it('WebSocket answers a malformed frame with a clean error and keeps serving', async () => {
    const replies = await new Promise<unknown[]>((resolve) => {
      const socket = new WebSocket(rpcUrl());
      const got: unknown[] = [];
      socket.on('open', () => {
        socket.send('not json');
        socket.send(JSON.stringify({ id: 2, route: 'config.get', input: {} }));
      });
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { id?: number };
        // Events (a server's log lines, its state) may arrive in between: only the replies are counted.
        if (message.id === undefined) return;
        got.push(message);
        if (got.length === 2) {
          socket.close();
          resolve(got);
        }
      });
    });
    expect(replies[0]).toMatchObject({ id: -1, result: { ok: false, error: { code: 'bad_request' } } });
    expect(replies[1]).toMatchObject({ id: 2, result: { ok: true } });
  });
});
