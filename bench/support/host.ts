import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ThreadEventLoop, ThreadMemory } from '../../src/main/core-thread/core-thread-data';
import { buildHost } from './build';

/** After two full GCs in each thread: the process's RSS, both threads' heaps summed. */
export type HostMemory = ThreadMemory;

/** The main thread's event-loop delay (in ms), and the core thread's over the same span. */
export interface EventLoopDelay extends ThreadEventLoop {
  core?: ThreadEventLoop;
}

/** What the host's `ready` message says (bench/support/host-entry.ts). */
type HostReady = Pick<BenchHost, 'url' | 'port' | 'token' | 'nodeVersion'>;

export interface BenchHost {
  url: string;
  port: number;
  token: string;
  dataDir: string;
  pid: number;
  /** After two full GCs in the host. */
  memory(): Promise<HostMemory>;
  /** Writes a heap snapshot in the host (to the temp directory) and returns its path. */
  heapSnapshot(): Promise<string>;
  /** With `eventLoop: true`: the host's event-loop delay since the last read (or its start), in ms; then resets. */
  eventLoop(): Promise<EventLoopDelay>;
  /** The Node version the host runs (`BENCH_HOST_NODE` can make it another than the bench's). */
  nodeVersion: string;
  /** When the process was forked (performance.now() in this process). */
  startedAt: number;
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Starts the bundled headless host in a child process with a fresh data directory; `configYaml`, when
 * given, is written as its switchboard.yaml first (otherwise the host writes the default config).
 */
export async function startBenchHost(
  options: {
    staticDir?: string;
    configYaml?: string;
    env?: Record<string, string>;
    dataDir?: string;
    eventLoop?: boolean;
  } = {},
): Promise<BenchHost> {
  const entry = await buildHost();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-bench-host-')));
  if (options.configYaml !== undefined) await writeFile(join(dataDir, 'switchboard.yaml'), options.configYaml);
  const startedAt = performance.now();
  const child: ChildProcess = fork(entry, [], {
    // BENCH_HOST_NODE=PATH: the host on another Node binary, e.g. the line Electron's main process runs (Node 24 in
    // Electron 45), whose ESM loader loads a module graph synchronously where Node 20's takes turns.
    execPath: process.env.BENCH_HOST_NODE || process.execPath,
    // BENCH_CPU_PROF=DIR: a V8 CPU profile of each host, written to DIR when it exits (for finding what held its loop).
    // BENCH_TRACE_GC=1: V8's --trace-gc lines on the bench's stdout (how long each collection paused the host).
    execArgv: [
      '--expose-gc',
      ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      ...options.env,
      SWITCHBOARD_DATA_DIR: '',
      BENCH_DATA_DIR: dataDir,
      BENCH_STATIC_DIR: options.staticDir ?? '',
      BENCH_EVENT_LOOP: options.eventLoop ? '1' : '',
    },
    stdio: ['ignore', process.env.BENCH_TRACE_GC ? 'inherit' : 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ready = await new Promise<HostReady>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start: ${stderr}`)), 60_000);
    const onMessage = (message: HostReady & { type: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`host exited (${code}): ${stderr}`)));
  });
  return {
    ...ready,
    dataDir,
    pid: child.pid!,
    memory: () =>
      new Promise<HostMemory>((resolve) => {
        const onMessage = (message: HostMemory & { type: string }) => {
          if (message.type !== 'memory') return;
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
        child.send({ type: 'memory' });
      }),
    heapSnapshot: () =>
      new Promise<string>((resolve) => {
        const onMessage = (message: { type: string; path: string }) => {
          if (message.type !== 'heapSnapshot') return;
          child.off('message', onMessage);
          resolve(message.path);
        };
        child.on('message', onMessage);
        child.send({ type: 'heapSnapshot' });
      }),
    eventLoop: () => ask<EventLoopDelay & { type: string }>(child, 'eventLoop'),
    startedAt,
    stderr: () => stderr,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send({ type: 'close' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends `{type}` to the host and resolves with its answer of the same type. */
function ask<T extends { type: string }>(child: ChildProcess, type: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}
