import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyVault } from '../core/secrets';
import { startWorkerBeside } from '../core/worker-entry';
import type { CoreThreadData } from './core-thread-data';
import { startCoreThread, type CoreThread } from './core-thread';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-core-thread-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The real thread (the worker entry from source), its Worker kept so a test can end it from outside. */
function realWorker(): { start: (data: CoreThreadData) => Worker; worker: () => Worker } {
  let started: Worker | undefined;
  return {
    start: (data) => {
      started = startWorkerBeside('core-thread-worker', new URL('./core-thread.ts', import.meta.url).href, {
        workerData: data,
      });
      return started;
    },
    worker: () => started!,
  };
}

async function started(options: Parameters<typeof startCoreThread>[0]): Promise<CoreThread> {
  const thread = await startCoreThread(options);
  cleanups.push(() => thread.close());
  return thread;
}

describe('the core on its own thread', () => {
  it('answers the routes, validates their input there, and relays its events and logs', async () => {
    const logs: string[] = [];
    const thread = await started({ data: { dataDir: await dataDir() }, log: (line) => logs.push(line) });
    expect(thread.preferences().language).toBe('auto');

    const events: [string, unknown][] = [];
    thread.events.subscribe((name, payload) => events.push([name, payload]));
    const changed = await thread.dispatch('preferences.setLanguage', { language: 'zh-CN' }, { transport: 'ws' });
    expect(changed).toMatchObject({ ok: true, data: { language: 'zh-CN' } });
    expect(events).toContainEqual(['preferences.changed', expect.objectContaining({ language: 'zh-CN' })]);
    expect(thread.preferences().language).toBe('zh-CN');

    const refused = await thread.dispatch('preferences.setLanguage', { language: 42 }, { transport: 'ws' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const unknown = await thread.dispatch('no.such.route', {}, { transport: 'ws' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_route' } });
    // The embedded shop connected inside the thread, and said so through the main thread's log.
    await expect.poll(() => logs.some((line) => /shop: connected/.test(line)), { timeout: 20_000 }).toBe(true);
  });

  it('refuses to start with the core’s own reason, and leaves no thread behind', async () => {
    const file = join(await dataDir(), 'a-file');
    await writeFile(file, 'not a directory');
    const worker = realWorker();
    const failure = await startCoreThread({ data: { dataDir: file }, startWorker: worker.start }).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/EEXIST|ENOTDIR/);
    expect((failure as Error).message).toContain(file);
    expect(worker.worker().threadId).toBe(-1); // terminated
  });

  it('answers `unavailable`, naming why, once the thread has stopped on its own', async () => {
    const worker = realWorker();
    const stops: string[] = [];
    const thread = await started({
      data: { dataDir: await dataDir() },
      log: () => undefined,
      startWorker: worker.start,
      onStopped: (reason) => stops.push(reason),
    });
    await worker.worker().terminate();
    await expect.poll(() => stops).toEqual([expect.stringMatching(/exited \(code 1\)/)]);
    const result = await thread.dispatch('preferences.get', {}, { transport: 'ipc' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(!result.ok && result.error.message).toMatch(/The core is not running: the core's thread exited/);
  });

  it('closes the core and ends the thread; later calls are unavailable, and nobody is told of a stop', async () => {
    const worker = realWorker();
    const stops: string[] = [];
    const thread = await startCoreThread({
      data: { dataDir: await dataDir() },
      log: () => undefined,
      startWorker: worker.start,
      onStopped: (reason) => stops.push(reason),
    });
    await thread.close();
    expect(worker.worker().threadId).toBe(-1);
    expect(await thread.dispatch('preferences.get', {}, { transport: 'ws' })).toMatchObject({
      ok: false,
      error: { code: 'unavailable' },
    });
    expect(stops).toEqual([]);
  });

  it('on the desktop, seals API keys with the main thread’s vault: the file holds only what it sealed', async () => {
    const dir = await dataDir();
    const sealedOnMain: string[] = [];
    const vault: KeyVault = {
      storage: 'keychain',
      cipher: {
        encrypt: async (plain) => (sealedOnMain.push(plain), Buffer.from(`sealed:${[...plain].reverse().join('')}`)),
        decrypt: async (sealed) => ({ value: [...sealed.toString().slice('sealed:'.length)].reverse().join('') }),
      },
      usePlainText: () => undefined,
    };
    const desktop = {
      userData: join(dir, 'user-data'),
      packaged: false,
      systemLanguages: ['de-DE'],
      vaultStorage: 'keychain' as const,
    };
    const thread = await started({ data: { dataDir: dir, desktop }, log: () => undefined, host: { vault, fetch } });
    expect(thread.preferences().systemLanguages).toEqual(['de-DE']);
    const saved = await thread.dispatch('settings.setApiKey', { apiKey: 'sk-thread-test' }, { transport: 'ipc' });
    expect(saved).toMatchObject({ ok: true });
    expect(sealedOnMain).toEqual(['sk-thread-test']);
    const file = await readFile(join(dir, 'secrets.json'), 'utf8');
    expect(file).not.toContain('sk-thread-test');
    expect(file).toContain(Buffer.from('sealed:tset-daerht-ks').toString('base64'));
  });
});
