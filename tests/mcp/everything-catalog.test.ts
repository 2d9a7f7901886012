import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCatalogCommands } from '../../src/main/cli/catalog-command';
import { CAPABILITY_TOOLS } from '../support/mcp/everything-core';
import { EVERYTHING_SERVER } from '../support/mcp/stdio-peers';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-everything-catalog-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function run(config: string, ...args: string[]) {
  const path = join(dir, `${args[0]}-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(path, config);
  const out: string[] = [];
  const program = new Command('switchboard').exitOverride();
  registerCatalogCommands(program, { stdout: (s) => out.push(s), stderr: () => undefined });
  const saved = process.exitCode;
  await program.parseAsync(['node', 'switchboard', ...args, '--config', path, '--data-dir', dir, '--json']);
  process.exitCode = saved;
  return JSON.parse(out.join('\n'));
}

const serverEntry = (extra = '') =>
  `agent:\n  mcp:\n    servers:\n      - name: everything\n        command: ${JSON.stringify(EVERYTHING_SERVER.command)}\n        args: ${JSON.stringify(EVERYTHING_SERVER.args)}\n${extra}`;

describe('switchboard catalog and explain against server-everything (stdio)', () => {
  it('lists every tool it offers a full client, with what it offered and what we declared', async () => {
    const json = await run(`${serverEntry('        roots: [/tmp]\n')}`, 'catalog');
    const [server] = json.servers;
    expect(server.status).toBe('connected');
    expect(server.tools).toHaveLength(17);
    expect(server.tools).toEqual(expect.arrayContaining([...CAPABILITY_TOOLS, 'simulate-research-query']));
    expect(server.capabilities.declared).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: {},
      roots: { listChanged: true },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(server.capabilities.offered).toMatchObject({
      tools: { listChanged: true },
      tasks: { requests: { tools: { call: {} } } },
    });
  });

  it('never says a tool the server withholds for a capability we did not declare "does not exist"', async () => {
    // No roots configured, sampling turned off: get-roots-list and trigger-sampling-request are withheld.
    const config = `${serverEntry('        sampling: false\n')}intents:\n  - { id: roots, name: Roots, kind: mcp, toolId: get-roots-list }\n`;
    const explanation = await run(config, 'explain', 'get-roots-list');
    const discovered = explanation.layers.find((l: { layer: string }) => l.layer === 'discovered');
    expect(discovered.ok).toBe(false);
    expect(discovered.detail).toContain(
      'everything was initialized without sampling (it is turned off for that server), roots (none configured for that server)',
    );
    expect(discovered.detail).toContain('so it may exist there');
    const catalog = await run(config, 'catalog');
    expect(catalog.servers[0].tools).toHaveLength(15);
    const row = catalog.tools.find((t: { toolId: string }) => t.toolId === 'get-roots-list');
    expect(row.state).toBe('unavailable');
    expect(row.reason).not.toContain('does not exist');
    expect(row.reason).toContain('"get-roots-list" may exist there');
  });
});
