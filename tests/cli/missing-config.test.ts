import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/main/cli/program';
import { cliEnv, runCli } from '../support/cli-process';

/**
 * Issue 30 item 1: a mistyped `--config` (here in a folder that does not exist) must never run against a freshly
 * written demo config. Every command that takes --config is run as a real process; each must exit 2, name the
 * path, and leave no file behind: no config at the path, nothing in the (default) data directory.
 */
let root: string;
let home: string;
let missing: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sb-missing-config-'));
  home = join(root, 'home');
  missing = join(root, 'nodir', 'x.yaml');
  await writeFile(
    join(root, 'servers.json'),
    JSON.stringify({ mcpServers: { files: { command: 'npx', args: ['-y', 'some-server'] } } }),
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Each command that takes --config, with the words it needs besides. */
const COMMANDS: Record<string, string[]> = {
  chat: ['chat', '-m', 'hello'],
  test: ['test'],
  replay: ['replay', 'conv_x'],
  'tools list': ['tools', 'list'],
  'tools call': ['tools', 'call', 'query_order', '--approve', 'none'],
  catalog: ['catalog'],
  explain: ['explain', 'query_order'],
  'resources list': ['resources', 'list', 'shop'],
  'resources read': ['resources', 'read', 'shop', 'shop://x'],
  'prompts list': ['prompts', 'list', 'shop'],
  'prompts get': ['prompts', 'get', 'shop', 'p'],
  'auth login': ['auth', 'login', 'shop', '--timeout', '5'],
  'auth status': ['auth', 'status'],
  'auth logout': ['auth', 'logout', 'shop'],
  import: ['import', 'servers.json', '--dry-run'],
  'confirm-launch': ['confirm-launch', 'shop', '--yes'],
};

/** Every (sub)command of the real program with a --config option, by its full name. */
function commandsTakingConfig(command: Command, prefix = ''): string[] {
  return command.commands.flatMap((sub) => {
    const name = `${prefix}${sub.name()}`;
    const own = sub.options.some((o) => o.long === '--config') ? [name] : [];
    return [...own, ...commandsTakingConfig(sub, `${name} `)];
  });
}

describe('a --config that names no file', () => {
  it('the table below covers every command that takes --config', () => {
    const program = buildProgram({ stdout: () => undefined, stderr: () => undefined });
    expect(commandsTakingConfig(program).sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  describe.concurrent.each(Object.entries(COMMANDS))('switchboard %s', (_name, args) => {
    it('exits 2 with the path in the message and writes nothing', async () => {
      const withFiles = args.map((a) => (a === 'servers.json' ? join(root, a) : a));
      const run = await runCli([...withFiles, '--config', missing], cliEnv(home), { timeoutMs: 90_000 });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`no config file at ${missing}`);
      expect(run.stdout).not.toMatch(/passed|assistant:/);
    }, 120_000);
  });

  it('left no config, folder or pins.json anywhere', () => {
    expect(existsSync(join(root, 'nodir'))).toBe(false);
    const dataDir = join(home, '.switchboard');
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });
});
