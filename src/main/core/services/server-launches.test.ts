import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../../tests/support/core';

/**
 * Imports and launch confirmations as the CLI uses them (issue 29): a one-shot core that connects no server, so an
 * import and `confirm-launch` go through the same server administration as the console, and nothing is launched.
 */
let dir: string;
let core: TestCore;
const marker = () => join(dir, 'launched');

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-server-launches-'));
  core = await createTestCore({ dataDir: dir, oneShot: true, onlyServers: [], log: () => undefined });
  await core.whenServersSettled();
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

/** An import of one stdio server whose command, if it ever ran, would leave the marker file. */
const importText = () =>
  JSON.stringify({
    mcpServers: {
      files: {
        command: process.execPath,
        args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker())}, '')`],
      },
    },
  });

describe('imports and launch confirmations through the server administration service', () => {
  it('an import waits for its launch; confirming it records the command line and launches nothing where nothing is connected', async () => {
    const servers = core.services.servers;
    const preview = await servers.import(importText(), 'ask', true, []);
    expect(servers.newCommands(preview).map((s) => s.name)).toEqual(['files']);

    await servers.import(importText(), 'ask', false, []);
    const { commandLine, verdict } = servers.launchStatus('files');
    expect(verdict).toBe('waiting');
    expect(commandLine).toContain(process.execPath);

    // The console's answer, from a command that connected nothing: recorded, not launched here.
    await servers.confirmLaunch('files', commandLine!, true);
    expect(servers.launchStatus('files').verdict).toBe('confirmed');
    // Known now: a second import of it brings no new command.
    expect(servers.newCommands(await servers.import(importText(), 'skip', true, []))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(marker())).toBe(false);
  });

  it('trustCommands (--trust-command): the imported command is confirmed as it is written, and nothing runs', async () => {
    const servers = core.services.servers;
    await servers.import(importText(), 'ask', false, [], { trustCommands: true });
    expect(servers.launchStatus('files').verdict).toBe('confirmed');
    expect(existsSync(marker())).toBe(false);
  });

  it('a server that runs no command has no command line to confirm', () => {
    expect(core.services.servers.launchStatus('shop')).toEqual({ commandLine: null, verdict: undefined });
  });
});
