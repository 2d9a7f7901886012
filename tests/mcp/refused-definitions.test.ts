import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { httpEntry as http } from '../support/mcp/http-entry';
import { cliDataDir, type CliOutput } from '../support/cli-in-process';
import { ConnectionManager } from '../../src/main/core/mcp';

/**
 * A hostile v2-SDK server (tests/support/mcp/refusing-server.mjs) lists good tools among definitions a client must
 * refuse. The v2 SDK refuses a 2026-07-28 tools/list as a whole for one of them; each bad one is refused on its own,
 * with its reason, and shown as refused; the good ones still come through.
 */
async function refusingServer(mode: 'strict' | 'dual'): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../support/mcp/refusing-server.mjs'), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`refusing server exited with ${code}`)));
  });
  return { url: (JSON.parse(line) as { url: string }).url, child };
}

const children: ChildProcess[] = [];
let manager: ConnectionManager | undefined;
afterEach(async () => {
  await manager?.closeAll();
  manager = undefined;
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

const expectedRefusals = [
  {
    index: 1,
    name: 'broken_annotation',
    reason: expect.stringMatching(/^annotations\.readOnlyHint: .*expected boolean/),
  },
  { index: 2, name: 'not_an_object', reason: expect.stringMatching(/^inputSchema\.type: .*expected "object"/) },
  { index: 3, name: 'n'.repeat(129), reason: expect.stringMatching(/longer than 128 characters \(129\)/) },
  { index: 5, name: 'good_one', reason: expect.stringMatching(/second definition named "good_one"/) },
];

describe('tool definitions the SDK refuses', () => {
  it.each([
    ['strict', undefined, '2026-07-28'],
    ['dual', undefined, '2026-07-28'],
    ['dual', 'legacy', '2025-'],
  ] as const)(
    '%s server, protocol %s: the good tools come through, each bad one is refused with its reason',
    async (mode, protocol, revision) => {
      const server = await refusingServer(mode);
      children.push(server.child);
      manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
      manager.reconcile([http('hostile', server.url, protocol)]);
      await manager.whenSettled();
      const state = manager.state('hostile')!;
      expect(state).toMatchObject({ status: 'connected', protocolVersion: expect.stringContaining(revision) });
      expect(state.tools.map((t) => t.name)).toEqual(['good_one', 'good_two']);
      expect(state.refusedTools).toEqual(expectedRefusals);
      expect((await manager.callTool('hostile', 'good_two', {})).content).toEqual([
        { type: 'text', text: 'ran good_two' },
      ]);
    },
  );
});

describe('over stdio', () => {
  it('a v2-SDK stdio server speaking 2026-07-28: the same refusals, the good tools callable', async () => {
    manager = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false });
    manager.reconcile([
      {
        name: 'hostile',
        enabled: true,
        command: process.execPath,
        args: [join(import.meta.dirname, '../support/mcp/refusing-server.mjs'), 'stdio'],
        env: {},
      },
    ]);
    await manager.whenSettled();
    const state = manager.state('hostile')!;
    expect(state).toMatchObject({ status: 'connected', protocolVersion: '2026-07-28' });
    expect(state.tools.map((t) => t.name)).toEqual(['good_one', 'good_two']);
    expect(state.refusedTools).toEqual(expectedRefusals);
    expect((await manager.callTool('hostile', 'good_one', {})).content).toEqual([
      { type: 'text', text: 'ran good_one' },
    ]);
  });
});

describe('catalog and explain show refused definitions', () => {
  async function cli(args: string[], url: string): Promise<CliOutput> {
    const home = await cliDataDir('sb-refused-', {
      agent: { mcp: { servers: [http('hostile', url)] } },
      intents: [],
      skills: [],
    });
    try {
      return await home.run(...args);
    } finally {
      await home.remove();
    }
  }

  it('catalog (text and --json) lists each refused definition with its reason; explain names the refusal', async () => {
    const server = await refusingServer('strict');
    children.push(server.child);

    const text = (await cli(['catalog'], server.url)).out;
    expect(text).toMatch(/Refused definitions/);
    expect(text).toMatch(/refused\s+broken_annotation\s+hostile\s+annotations\.readOnlyHint: .*expected boolean/);
    expect(text).toMatch(/refused\s+n{129}\s+hostile\s+name "n{40}"… is longer than 128 characters/);

    const json = JSON.parse((await cli(['catalog', '--json'], server.url)).out) as {
      servers: { name: string; tools: string[]; refused: unknown[] }[];
    };
    expect(json.servers[0]).toMatchObject({
      name: 'hostile',
      tools: ['good_one', 'good_two'],
      refused: expectedRefusals,
    });

    const explained = await cli(['explain', 'not_an_object'], server.url);
    expect(explained.code).toBe(1);
    expect(explained.out).toMatch(
      /FAIL\s+discovered\s+no connected server offers "not_an_object".*; hostile listed a definition named "not_an_object", but it was refused: inputSchema\.type: .*expected "object"/,
    );
  });
});
