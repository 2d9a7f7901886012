import { createServer } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_TOKEN_FILE, loadConsoleToken } from './console-token';
import { startHeadless, type HeadlessHandle } from './server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-token-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function headless(options: Parameters<typeof startHeadless>[0]): Promise<HeadlessHandle> {
  const handle = await startHeadless({
    log: () => undefined,
    staticDir: join(options.dataDir, 'no-renderer'),
    ...options,
  });
  cleanups.push(() => handle.close());
  return handle;
}

describe('the console token, one per data directory', () => {
  it('is made once (owner-only), read back on the next start, and replaced by --new-token', async () => {
    const dir = await dataDir();
    const first = await loadConsoleToken(dir);
    expect(first).toMatchObject({ created: true, path: join(dir, CONSOLE_TOKEN_FILE) });
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    if (process.platform !== 'win32') expect((await stat(first.path)).mode & 0o777).toBe(0o600);
    expect(await loadConsoleToken(dir)).toEqual({ ...first, created: false });
    const rotated = await loadConsoleToken(dir, { rotate: true });
    expect(rotated.created).toBe(true);
    expect(rotated.token).not.toBe(first.token);
    expect((await readFile(first.path, 'utf8')).trim()).toBe(rotated.token);
  });

  it('replaces a file that holds no token', async () => {
    const dir = await dataDir();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, CONSOLE_TOKEN_FILE), 'hello\n', { mode: 0o644 });
    const token = await loadConsoleToken(dir);
    expect(token.created).toBe(true);
    if (process.platform !== 'win32') expect((await stat(token.path)).mode & 0o777).toBe(0o600);
  });

  it('a restart of the headless console keeps its URL: same token, same default port; a taken default port falls back to a free one', async () => {
    const dir = await dataDir();
    // A port this test holds stands in for the default one (7345 may be in use by a real console).
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const held = (blocker.address() as { port: number }).port;
    cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));

    const fell = await headless({ dataDir: dir, defaultPort: held });
    expect(fell.portFallback).toEqual({ wanted: held });
    expect(fell.port).not.toBe(held);
    expect(fell.tokenFile?.created).toBe(true);
    const url = new URL(fell.url);
    await fell.close();
    cleanups.pop();

    await new Promise((resolve) => blocker.close(resolve));
    const again = await headless({ dataDir: dir, defaultPort: held });
    expect(again.portFallback).toBeUndefined();
    expect(again.port).toBe(held);
    expect(again.tokenFile?.created).toBe(false);
    expect(new URL(again.url).searchParams.get('token')).toBe(url.searchParams.get('token'));
  });

  it('a port asked for by number that is taken is an error, not a silent fallback', async () => {
    const dir = await dataDir();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));
    await expect(headless({ dataDir: dir, port: (blocker.address() as { port: number }).port })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
