import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../src/shared/config/schema';
import { ConnectionManager, EraMemoryFile, PROTOCOL_ERAS_FILE_NAME } from '../../src/main/core/mcp';
import { ERA_MEMORY_HORIZON_MS, eraKey, LEGACY_RECHECK_MS } from '../../src/main/core/mcp/era-memory';
import { eraStdioCommand, startEraServer } from '../support/mcp';

/**
 * Issue 26 item 2: on stdio the SDK's auto probe runs server/discover on a sibling process spawned from the same
 * command (two starts per connect, and the sibling's stderr is discarded). Each server's era is remembered in the data
 * dir, so a warm start launches the command once; a remembered era that no longer holds is probed again, never trusted.
 * Real v2-SDK server processes (tests/support/mcp/era-server.mjs) count their starts in a file.
 */
let dir: string;
let manager: ConnectionManager | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-era-memory-'));
});
afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  await rm(dir, { recursive: true, force: true });
});

const starts = async (file: string) =>
  (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

/** One run of the app: a manager with the data dir's memory, connected, then closed (the memory flushed). */
async function run(server: ReturnType<typeof serverConfigSchema.parse>) {
  const eras = EraMemoryFile.open(join(dir, PROTOCOL_ERAS_FILE_NAME));
  const logs: string[] = [];
  manager = new ConnectionManager({ log: (l) => logs.push(l), healthCheckIntervalMs: 0, autoReconnect: false, eras });
  manager.reconcile([server]);
  await manager.whenSettled();
  const state = manager.state(server.name)!;
  await manager.closeAll();
  manager = undefined;
  await eras.flush();
  return { state, logs };
}

describe('the remembered era of a stdio server', () => {
  it('a cold start probes on a sibling (two starts); a warm start launches once with the remembered 2026 era, stderr tail kept', async () => {
    const startsFile = join(dir, 'starts');
    const server = serverConfigSchema.parse({ name: 'eras', ...eraStdioCommand('dual', { startsFile }) });
    const cold = await run(server);
    expect(cold.state).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28', toolCount: 1 });
    expect(await starts(startsFile)).toBe(2);
    const remembered = JSON.parse(await readFile(join(dir, PROTOCOL_ERAS_FILE_NAME), 'utf8')) as {
      servers: Record<string, { era: string; revision: string }>;
    };
    expect(remembered.servers[eraKey(server)]).toMatchObject({ era: 'modern', revision: '2026-07-28' });
    // Written privately (it names which servers this machine uses); the key is a hash, so env values never reach it.
    if (process.platform !== 'win32') expect((await stat(join(dir, PROTOCOL_ERAS_FILE_NAME))).mode & 0o077).toBe(0);

    const warm = await run(server);
    expect(warm.state).toMatchObject({
      status: 'connected',
      protocolVersion: '2026-07-28',
      toolCount: 1,
      instructions: 'an dual v2 server',
    });
    expect(await starts(startsFile)).toBe(3);
    expect(warm.state.stderrTail).toContain('era-server up (dual)');
  });

  it('a 2025-only server is remembered as legacy and warm-starts once, straight to initialize', async () => {
    const startsFile = join(dir, 'starts');
    const server = serverConfigSchema.parse({ name: 'old', ...eraStdioCommand('legacy', { startsFile }) });
    expect((await run(server)).state).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    const cold = await starts(startsFile);
    expect((await run(server)).state).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    expect((await starts(startsFile)) - cold).toBe(1);
  });

  it('a server that changed era between runs is probed again and remembered anew, both ways', async () => {
    const modeFile = join(dir, 'mode');
    const server = serverConfigSchema.parse({ name: 'switches', ...eraStdioCommand('dual', { modeFile }) });
    const eraOf = async () =>
      (
        JSON.parse(await readFile(join(dir, PROTOCOL_ERAS_FILE_NAME), 'utf8')) as {
          servers: Record<string, { era: string }>;
        }
      ).servers[eraKey(server)]?.era;

    await writeFile(modeFile, 'legacy');
    expect((await run(server)).state).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    expect(await eraOf()).toBe('legacy');

    // Now strict 2026: the remembered initialize is refused; the same attempt probes and connects in 2026.
    await writeFile(modeFile, 'strict');
    const upgraded = await run(server);
    expect(upgraded.state).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28', error: null });
    expect(upgraded.logs.join('\n')).toMatch(/remembered MCP 2025-11-25 failed .*probing its era again/);
    expect(await eraOf()).toBe('modern');

    // And back to 2025 only: the remembered server/discover goes unanswered; probed, connected in 2025.
    await writeFile(modeFile, 'legacy');
    const downgraded = await run(server);
    expect(downgraded.state).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25', error: null });
    expect(downgraded.logs.join('\n')).toMatch(/remembered MCP 2026-07-28 failed .*probing its era again/);
    expect(await eraOf()).toBe('legacy');
  });

  it('an HTTP server’s era is not remembered: upgraded from 2025-only to the SDK’s default, it speaks 2026-07-28 at once', async () => {
    // A remembered 2025 would go straight to initialize, which the upgraded server still serves, statelessly: its
    // tools' questions (MRTR) could not reach the operator until the verdict expired a day later.
    const old = await startEraServer('legacy');
    const server = serverConfigSchema.parse({ name: 'remote', url: old.url });
    expect((await run(server)).state).toMatchObject({ status: 'connected', protocolVersion: '2025-11-25' });
    await old.stop();
    const upgraded = await startEraServer('dual', { port: old.port });
    try {
      expect((await run(server)).state).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    } finally {
      await upgraded.stop();
    }
    const file = await readFile(join(dir, PROTOCOL_ERAS_FILE_NAME), 'utf8').catch(() => '{"servers":{}}');
    expect((JSON.parse(file) as { servers: Record<string, unknown> }).servers[eraKey(server)]).toBeUndefined();
  });

  it('an unreadable memory is only a cache: the server probes and the file is written again; a legacy verdict expires', async () => {
    const path = join(dir, PROTOCOL_ERAS_FILE_NAME);
    await writeFile(path, '{ not json');
    const logs: string[] = [];
    const memory = EraMemoryFile.open(path, (l) => logs.push(l));
    expect(logs.join('\n')).toMatch(/could not be read .*probed again/);
    expect(memory.recall('k')).toBeUndefined();
    let now = new Date('2026-12-05T00:00:00Z');
    const clocked = EraMemoryFile.open(
      path,
      () => undefined,
      () => now,
    );
    clocked.remember('old', { era: 'legacy', revision: '2025-11-25', at: now.toISOString() });
    clocked.remember('new', { era: 'modern', revision: '2026-07-28', at: now.toISOString() });
    await clocked.flush();
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({
      version: 1,
      servers: { old: { era: 'legacy' }, new: { era: 'modern' } },
    });
    now = new Date(now.getTime() + LEGACY_RECHECK_MS + 1);
    // An upgraded server still answers initialize: a day-old "2025" is probed again; a 2026 verdict is checked on each connect.
    expect(clocked.recall('old')).toBeUndefined();
    expect(clocked.recall('new')).toMatchObject({ era: 'modern' });
  });

  it('a verdict not renewed within the horizon (a server since edited or removed) is dropped at the next write', async () => {
    const path = join(dir, PROTOCOL_ERAS_FILE_NAME);
    let now = new Date('2026-12-05T00:00:00Z');
    const memory = EraMemoryFile.open(
      path,
      () => undefined,
      () => now,
    );
    memory.remember('edited-away', { era: 'modern', revision: '2026-07-28', at: now.toISOString() });
    now = new Date(now.getTime() + ERA_MEMORY_HORIZON_MS - 60_000);
    memory.remember('recent', { era: 'modern', revision: '2026-07-28', at: now.toISOString() });
    await memory.flush();
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).servers as object).sort()).toEqual([
      'edited-away',
      'recent',
    ]);
    now = new Date(now.getTime() + 120_000); // the first entry is now past the horizon, the second is not
    memory.remember('another', { era: 'legacy', revision: '2025-11-25', at: now.toISOString() });
    await memory.flush();
    expect(Object.keys(JSON.parse(await readFile(path, 'utf8')).servers as object).sort()).toEqual([
      'another',
      'recent',
    ]);
    expect(memory.recall('edited-away')).toBeUndefined();
  });
});
