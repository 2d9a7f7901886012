import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

export interface Host {
  url: string;
  port: number;
  token: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the host wrote to stderr so far (its log). */
  stderr(): string;
}

/** Starts the real headless entry (`switchboard serve`) on a free port with a fresh data directory. */
export async function startHost(dataDir?: string): Promise<Host> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-e2e-')));
  const child = spawn(process.execPath, ['bin/switchboard.mjs', 'serve', '--port', '0', '--data-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SWITCHBOARD_DATA_DIR: '' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`host did not start: ${stderr}`)), 20_000);
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/Switchboard console: (\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`host exited (${code}): ${stderr}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token')!,
    dataDir: dir,
    process: child,
    stderr: () => stderr,
  };
}

export async function stopHost(host: Host, removeData = true): Promise<void> {
  if (host.process.exitCode === null) {
    const exited = new Promise((resolve) => host.process.once('exit', resolve));
    host.process.kill('SIGTERM');
    await exited;
  }
  if (removeData) await rm(host.dataDir, { recursive: true, force: true });
}

export const test = base.extend<{ host: Host }>({
  host: async ({}, use) => {
    const host = await startHost();
    await use(host);
    await stopHost(host);
  },
});
export { expect } from '@playwright/test';
