import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHost } from './build';

export interface HostMemory {
  rss: number;
  heapUsed: number;
  /** heapUsed without compiled code (which grows as the JIT warms up). */
  heapData: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

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
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Starts the bundled headless host in a child process with a fresh data directory; `configYaml`, when
 * given, is written as its switchboard.yaml first (otherwise the host writes the default config).
 */
export async function startBenchHost(options: { staticDir?: string; configYaml?: string; env?: Record<string, string> } = {}): Promise<BenchHost> {
  const entry = await buildHost();
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-host-'));
  if (options.configYaml !== undefined) await writeFile(join(dataDir, 'switchboard.yaml'), options.configYaml);
  const child: ChildProcess = fork(entry, [], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, ...options.env, SWITCHBOARD_DATA_DIR: '', BENCH_DATA_DIR: dataDir, BENCH_STATIC_DIR: options.staticDir ?? '' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ready = await new Promise<{ url: string; port: number; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start: ${stderr}`)), 60_000);
    const onMessage = (message: { type: string; url: string; port: number; token: string }) => {
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
