import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { Result } from '../../../src/shared/contract';
import { appRoot } from '../../../src/main/core/paths';
import { cliEnv } from '../../support/cli-process';

/**
 * The real headless entry (`switchboard serve`) as a child process, run from source through tsx so
 * the test never depends on a stale build, plus a WebSocket client that keeps every frame it saw.
 */
export interface HostProcess {
  url: string;
  port: number;
  token: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or signal name) when the process ends. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

export async function startHostProcess(dataDir: string, env: Record<string, string> = {}): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(appRoot(), 'src', 'main', 'cli.ts'), 'serve', '--port', '0', '--data-dir', dataDir],
    {
      cwd: appRoot(),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SWITCHBOARD_DATA_DIR: '', ...env },
    },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start in time: ${err}`)), 30_000);
    const check = () => {
      const match = out.match(/Switchboard console: (\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`host exited (${code}) before starting: ${err}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token')!,
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface RpcClient {
  /** Every text frame received, verbatim. */
  frames: string[];
  request<T = unknown>(route: string, input?: unknown): Promise<Result<T>>;
  /** Resolves with the first event (already seen or future) matching `predicate`. */
  waitForEvent<T = unknown>(name: string, predicate?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  close(): void;
}

export async function connectRpc(port: number, token: string): Promise<RpcClient> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/rpc?token=${encodeURIComponent(token)}`);
  const frames: string[] = [];
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const events: { event: string; payload: unknown }[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const text = data.toString();
    frames.push(text);
    const frame = JSON.parse(text) as { id?: number; result?: Result<unknown>; event?: string; payload?: unknown };
    if (frame.event) {
      events.push({ event: frame.event, payload: frame.payload });
      for (const wake of [...waiters]) wake();
    } else if (frame.id !== undefined) pending.get(frame.id)?.(frame.result!);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  return {
    frames,
    request<T>(route: string, input: unknown = {}) {
      const id = nextId++;
      return new Promise<Result<T>>((resolve) => {
        pending.set(id, resolve as (r: Result<unknown>) => void);
        socket.send(JSON.stringify({ id, route, input }));
      });
    },
    waitForEvent<T>(name: string, predicate: (payload: T) => boolean = () => true, timeoutMs = 15_000) {
      return new Promise<T>((resolve, reject) => {
        const find = () => events.find((e) => e.event === name && predicate(e.payload as T));
        const check = () => {
          const hit = find();
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.payload as T);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${name} event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => socket.close(),
  };
}

/** Unwraps an ok Result or fails loudly with the error. */
export function data<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`RPC failed: ${result.error.code}: ${result.error.message}`);
  return result.data;
}

/** A data directory (`<root>/data`) a console and CLI processes share, with a HOME of the test's (`<root>/home`). */
export interface SharedDataDir {
  root: string;
  dataDir: string;
  /** The environment a CLI process runs in (cliEnv with this HOME). */
  cliEnv: NodeJS.ProcessEnv;
  /** A console on the data directory, and a client; both stopped by `close()`. */
  startConsole(env?: Record<string, string>): Promise<{ host: HostProcess; rpc: RpcClient }>;
  close(): Promise<void>;
}

export async function sharedDataDir(prefix: string): Promise<SharedDataDir> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  let started: { host: HostProcess; rpc?: RpcClient } | undefined;
  return {
    root,
    dataDir: join(root, 'data'),
    cliEnv: cliEnv(join(root, 'home')),
    async startConsole(env = {}) {
      const host = await startHostProcess(join(root, 'data'), env);
      started = { host };
      const rpc = await connectRpc(host.port, host.token);
      started.rpc = rpc;
      await waitForServersSettled(rpc);
      return { host, rpc };
    },
    async close() {
      started?.rpc?.close();
      await started?.host.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * The console is served while its servers still connect (their tools join the catalog when they are up): a test that
 * needs them waits until none is still connecting. Returns the servers as they settled.
 */
export async function waitForServersSettled(
  rpc: RpcClient,
  timeoutMs = 20_000,
): Promise<{ name: string; status: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { servers } = data(await rpc.request<{ servers: { name: string; status: string }[] }>('servers.list'));
    if (servers.every((server) => server.status !== 'connecting') || Date.now() > deadline) return servers;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
