import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { serverConfigSchema } from '../../../shared/config/schema';
import { waitFor } from '../../../../tests/support/mcp';
import { ConnectionManager } from './connection-manager';
import { packageRunnerOf } from './package-runner';

const FAKE_RUNNER = fileURLToPath(new URL('../../../../tests/support/mcp/fake-package-runner.mjs', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** A directory with an executable named `name` (npx, or anything else) that runs the fake package runner. */
async function runner(name: string, installMs: number, more: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), 'sb-runner-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const command = join(dir, name);
  await writeFile(command, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(FAKE_RUNNER)} "$@"\n`);
  await chmod(command, 0o755);
  const log = join(dir, 'log');
  await writeFile(log, '');
  const cache = join(dir, 'cache');
  const args = ['-y', 'fake-pkg', '--install-ms', String(installMs), '--cache', cache, '--log', log, ...more];
  const events = async () =>
    (await readFile(log, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [at, pid, ...what] = line.split(' ');
        return { at: Number(at), pid: Number(pid), what: what.join(' ') };
      });
  return { command, args, cache, events };
}

function manager(options: ConstructorParameters<typeof ConnectionManager>[0] = {}) {
  const m = new ConnectionManager({ log: () => undefined, healthCheckIntervalMs: 0, autoReconnect: false, ...options });
  cleanups.push(() => m.closeAll());
  return m;
}

describe('package runners (npx, uvx, pipx run, bunx, pnpm dlx)', () => {
  it('recognises the runners by program name on any OS, and nothing else', () => {
    expect(packageRunnerOf('npx', ['-y', '@modelcontextprotocol/server-memory'])).toBe('npx');
    expect(packageRunnerOf('C:\\Program Files\\nodejs\\npx.cmd', ['-y', 'x'])).toBe('npx');
    expect(packageRunnerOf('/usr/local/bin/uvx', ['mcp-server-fetch'])).toBe('uvx');
    expect(packageRunnerOf('pipx', ['run', 'mcp-server-time'])).toBe('pipx run');
    expect(packageRunnerOf('bunx', ['x'])).toBe('bunx');
    expect(packageRunnerOf('pnpm', ['dlx', 'x'])).toBe('pnpm dlx');
    expect(packageRunnerOf('pipx', ['install', 'x'])).toBeNull();
    expect(packageRunnerOf('node', ['server.js'])).toBeNull();
    expect(packageRunnerOf('npm', ['start'])).toBeNull();
  });

  it('a slow first start gets installTimeoutMs, shown as installing / starting, where timeoutMs alone fails it', async () => {
    const npx = await runner('npx', 2_500);
    const plain = await runner('slow-server', 2_500);
    const m = manager();
    m.reconcile([
      serverConfigSchema.parse({
        name: 'memory',
        command: npx.command,
        args: npx.args,
        timeoutMs: 1_000,
        installTimeoutMs: 20_000,
      }),
      serverConfigSchema.parse({ name: 'plain', command: plain.command, args: plain.args, timeoutMs: 1_000 }),
    ]);
    await waitFor(() => m.state('memory')!.startup, 5_000, 'the attempt to start');
    expect(m.state('memory')).toMatchObject({ status: 'connecting', startup: { runner: 'npx', budgetMs: 20_000 } });
    expect(m.state('plain')!.startup).toBeNull();
    await m.whenSettled();
    expect(m.state('plain')).toMatchObject({
      status: 'failed',
      error:
        "timed out after 1000 ms waiting for initialize (timeoutMs; raise it in this server's settings to wait longer)",
    });
    expect(m.state('memory')).toMatchObject({ status: 'connected', startup: null, toolCount: 2 });
    expect(await readdir(npx.cache)).toEqual(['complete']);
  });

  it('a start past its budget names installTimeoutMs; the child is asked to exit, rolls back, is never killed, and the retry waits for it', async () => {
    const npx = await runner('npx', 60_000);
    const m = manager({ autoReconnect: true, backoff: { initialMs: 50, maxMs: 50 } });
    // The budget runs from the spawn; the child's own 'start' comes later on a loaded machine (its Node starting up).
    const spawnedAt = Date.now();
    m.reconcile([
      serverConfigSchema.parse({ name: 'memory', command: npx.command, args: npx.args, installTimeoutMs: 1_500 }),
    ]);
    await waitFor(() => m.state('memory')!.status === 'failed', 10_000, 'the first start to time out');
    expect(m.state('memory')!.error).toBe(
      "timed out after 1500 ms waiting for initialize: npx may still have been installing the package (installTimeoutMs, the first start of a package-runner command; raise it in this server's settings to wait longer)",
    );
    // The same sentence as a code and its values, for the console to say in the operator's language.
    expect(m.state('memory')!.errorMessage).toEqual({
      code: 'connection.installTimeout',
      params: { ms: 1_500, phase: 'initialize', runner: 'npx' },
      text: m.state('memory')!.error,
    });
    // The retry starts a second npx only after the first has exited.
    await waitFor(
      async () => (await npx.events()).filter((e) => e.what === 'start').length === 2,
      15_000,
      'the retry to start',
    );
    const events = await npx.events();
    const [first, second] = [...new Set(events.map((e) => e.pid))];
    const of = (pid: number) => events.filter((e) => e.pid === pid).map((e) => e.what);
    // stdin closed first (an installing npm does not read it), then SIGTERM, and npm's rollback ran: no SIGKILL.
    expect(of(first)).toEqual(['start', 'sigterm while installing', 'rolled back', 'exit 143']);
    const exitedAt = events.find((e) => e.pid === first && e.what === 'exit 143')!.at;
    const retriedAt = events.find((e) => e.pid === second && e.what === 'start')!.at;
    expect(retriedAt).toBeGreaterThanOrEqual(exitedAt);
    expect(
      events.find((e) => e.pid === first && e.what === 'sigterm while installing')!.at - spawnedAt,
    ).toBeGreaterThanOrEqual(1_500 + 1_900);
    // Closing while the second one installs stops it the same way.
    await m.closeAll();
    const after = await npx.events();
    expect(after.filter((e) => e.pid === second).map((e) => e.what)).toEqual([
      'start',
      'sigterm while installing',
      'rolled back',
      'exit 143',
    ]);
    expect((await readdir(npx.cache)).filter((f) => f.endsWith('.partial'))).toEqual([]);
  }, 40_000);
});

describe('a package runner’s era (protocol: auto)', () => {
  it('is probed in place; a 2025 server that exits on the probe is started again with initialize, in the same attempt', async () => {
    const npx = await runner('npx', 0, ['--exit-before-initialize']);
    const m = manager();
    m.reconcile([serverConfigSchema.parse({ name: 'memory', command: npx.command, args: npx.args })]);
    await m.whenSettled();
    expect(m.state('memory')).toMatchObject({ status: 'connected', toolCount: 2, reconnectAttempt: 0 });
    expect(m.state('memory')!.protocolVersion).toMatch(/^2025-/);
    const events = await npx.events();
    const [probed, started] = [...new Set(events.map((e) => e.pid))];
    // The probe went to the process itself (no sibling): it exited on server/discover; the next one got initialize.
    expect(events.filter((e) => e.pid === probed).map((e) => e.what)).toEqual([
      'start',
      'installed',
      'exit on server/discover',
      'exit 1',
    ]);
    expect(events.filter((e) => e.pid === started).map((e) => e.what)).toEqual(['start', 'installed']);
  });
});

describe('the first error line of a failed start', () => {
  it('skips npx’s install warning and stack frames, and prefers a line naming an error', async () => {
    const { firstErrorLine } = await import('./connection-failures');
    expect(
      firstErrorLine(
        "npm warn exec The following package was not found and will be installed: fake-pkg\nError: Cannot find module '/x/index.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n",
      ),
    ).toBe("Error: Cannot find module '/x/index.js'");
    expect(
      firstErrorLine('starting up\nnpm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/nope'),
    ).toBe('npm error code E404');
    expect(firstErrorLine('fatal: config file missing\n')).toBe('fatal: config file missing');
    expect(firstErrorLine('hello\n')).toBe('hello');
    expect(firstErrorLine(null)).toBeUndefined();
  });
});
