import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/main/cli/program';
import { ConnectionManager } from '../../src/main/core/mcp';

/** A v2-SDK server process (tests/support/mcp/era-server.mjs) in strict 2026-07-28 mode or in dual mode. */
async function eraServer(mode: 'strict' | 'dual'): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../support/mcp/era-server.mjs'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`era server exited with ${code}`)));
  });
  return { url: (JSON.parse(line) as { url: string }).url, child };
}

let manager: ConnectionManager | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

const http = (name: string, url: string, protocol?: 'auto' | 'legacy' | '2026-07-28') => ({ name, url, enabled: true, headers: {}, transport: 'streamable-http' as const, ...(protocol && { protocol }) });

describe('per-server protocol negotiation against v2-SDK servers', () => {
  it('auto (the default) speaks 2026-07-28 to a strict server and to a dual one, and calls their tools', async () => {
    const strict = await eraServer('strict');
    const dual = await eraServer('dual');
    children.push(strict.child, dual.child);
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
    manager.reconcile([http('strict', strict.url), http('dual', dual.url)]);
    await manager.whenSettled();
    for (const name of ['strict', 'dual']) {
      expect(manager.state(name)).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28', instructions: `an ${name} v2 server` });
      const result = await manager.callTool(name, 'era_echo', {});
      expect(result.content).toEqual([{ type: 'text', text: `served by ${name}` }]);
    }
  });

  it('legacy speaks 2025 to the dual server, and is refused by the strict one with a reason an operator can read', async () => {
    const strict = await eraServer('strict');
    const dual = await eraServer('dual');
    children.push(strict.child, dual.child);
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0 });
    manager.reconcile([http('strict', strict.url, 'legacy'), http('dual', dual.url, 'legacy')]);
    await manager.whenSettled();
    expect(manager.state('dual')).toMatchObject({ status: 'connected', protocolVersion: expect.stringMatching(/^2025-/) });
    const refused = manager.state('strict');
    expect(refused?.status).toBe('failed');
    const error: unknown = refused?.error;
    const text = typeof error === 'string' ? error : (error as { text?: string } | null)?.text;
    expect(text).toMatch(/does not speak MCP 2025-[0-9-]+; it speaks 2026-07-28/);
    expect(text).not.toMatch(/jsonrpc|-32022/);
  });
});

describe('catalog --json names each server’s negotiated revision', () => {
  it('protocolVersion per server: 2026-07-28 for auto against the strict server, 2025 for legacy against the dual one, null for a refused one', async () => {
    const strict = await eraServer('strict');
    const dual = await eraServer('dual');
    children.push(strict.child, dual.child);
    const dir = await mkdtemp(join(tmpdir(), 'sb-eras-cli-'));
    try {
      const config = join(dir, 'switchboard.yaml');
      const servers = [http('strict', strict.url), http('dual', dual.url, 'legacy'), http('refuses', strict.url, 'legacy')];
      await writeFile(config, stringify({ agent: { mcp: { servers } }, intents: [], skills: [] }));
      const out: string[] = [];
      await buildProgram({ stdout: (l) => out.push(l), stderr: () => undefined }).parseAsync(['node', 'switchboard', 'catalog', '--json', '--config', config, '--data-dir', dir]);
      const listed = (JSON.parse(out.join('\n')) as { servers: { name: string; status: string; protocolVersion: string | null }[] }).servers;
      expect(listed.find((s) => s.name === 'strict')).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
      expect(listed.find((s) => s.name === 'dual')).toMatchObject({ status: 'connected', protocolVersion: expect.stringMatching(/^2025-/) });
      expect(listed.find((s) => s.name === 'refuses')).toMatchObject({ status: 'failed', protocolVersion: null });
    } finally {
      process.exitCode = undefined;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
