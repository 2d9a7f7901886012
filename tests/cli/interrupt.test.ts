import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/main/core/paths';
import { hasScript } from '../support/cli-at-terminal';
import { CLI_ENTRY, cliEnv } from '../support/cli-process';
import { mrtrConfig, mrtrEntry, startMrtrServers, stopMrtrServers, type MrtrHttpServer } from '../support/mcp/mrtr-rig';
import { waitFor } from '../support/wait-for';

/**
 * Issue 26 item 8: Ctrl-C in `switchboard tools call` / `chat` used to kill the process with the call still running on
 * the server. Now the CLI (a real child, sent SIGINT) cancels the call, which the server process sees as
 * notifications/cancelled and an aborted handler, and ends a 2025 Streamable HTTP session with DELETE.
 */
let dir: string;
let strict: MrtrHttpServer;
let dual: MrtrHttpServer;
const children: ChildProcess[] = [];
beforeAll(async () => void ({ dir, strict, dual } = await startMrtrServers('sb-cli-interrupt-', children)));
afterAll(() => stopMrtrServers(dir, children));

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the CLI with `args`; once the server saw the slow tool start, interrupts it and waits for its exit: SIGINT sent
 * to the process, or (`atTerminal`) Ctrl-C typed at the pseudo-terminal it runs in (util-linux `script`).
 */
async function interruptWhenStarted(
  server: MrtrHttpServer,
  entry: Record<string, unknown>,
  args: string[],
  atTerminal = false,
) {
  const config = join(dir, `cfg-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(config, stringify(mrtrConfig(entry)));
  const before = (await server.saw()).length;
  const argv = [
    process.execPath,
    '--import',
    'tsx',
    CLI_ENTRY,
    ...args,
    '--config',
    config,
    '--data-dir',
    join(dir, 'data'),
  ];
  const env = cliEnv(join(dir, 'home'));
  const child = atTerminal
    ? spawn('script', ['-q', '-e', '-c', `exec ${argv.map(shellQuote).join(' ')}`, '/dev/null'], {
        cwd: appRoot(),
        env: { ...env, SHELL: '/bin/sh' },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
    : spawn(argv[0], argv.slice(1), { cwd: appRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  try {
    await waitFor(
      async () => (await server.saw()).slice(before).some((e) => e.event === 'slow-started'),
      40_000,
      'the slow tool to start',
    );
    if (atTerminal) child.stdin!.write('\x03');
    else child.kill('SIGINT');
    const code = await exited;
    // What the server saw from this run, once it has settled (the aborted handler records last).
    const saw = await waitFor(
      async () => {
        const mine = (await server.saw()).slice(before);
        return mine.some((e) => e.event === 'slow-aborted') && mine;
      },
      5_000,
      'the server-side call to stop',
    );
    return { code, output, saw };
  } finally {
    clearTimeout(killer);
  }
}

describe('Ctrl-C in the CLI cancels the running call on the server', () => {
  it('tools call on a 2025 session: notifications/cancelled for the call, the handler stops, the session is DELETEd, exit 130', async () => {
    const run = await interruptWhenStarted(dual, mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' }), [
      'tools',
      'call',
      'slow',
      '--server',
      'shop',
      '--approve',
      'all',
    ]);
    expect(run.code, run.output).toBe(130);
    expect(run.output).toContain('interrupted: cancelling what is running');
    const started = run.saw.find((e) => e.event === 'slow-started');
    expect(run.saw).toContainEqual(
      expect.objectContaining({ event: 'cancelled-notification', requestId: started?.requestId }),
    );
    expect(run.saw).toContainEqual(expect.objectContaining({ event: 'slow-aborted' }));
    expect(run.saw.filter((e) => e.event === 'delete')).toHaveLength(1);
    expect(run.saw.some((e) => e.event === 'slow-finished')).toBe(false);
  }, 90_000);

  it('prompts get on a 2025 session: the request is cancelled on the server and the session DELETEd, exit 130', async () => {
    const run = await interruptWhenStarted(dual, mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' }), [
      'prompts',
      'get',
      'shop',
      'slow_prompt',
    ]);
    expect(run.code, run.output).toBe(130);
    const started = run.saw.find((e) => e.event === 'slow-started');
    expect(run.saw).toContainEqual(
      expect.objectContaining({ event: 'cancelled-notification', requestId: started?.requestId }),
    );
    expect(run.saw.filter((e) => e.event === 'delete')).toHaveLength(1);
    expect(run.saw.some((e) => e.event === 'slow-finished')).toBe(false);
  }, 90_000);

  // 2026-07-28 over HTTP cancels a request by closing its stream (there is no session, and no notification is sent).
  it('tools call on a 2026-07-28 server: the request is cancelled and the handler stops', async () => {
    const run = await interruptWhenStarted(strict, mrtrEntry('shop', { url: strict.url }), [
      'tools',
      'call',
      'slow',
      '--approve',
      'all',
    ]);
    expect(run.code, run.output).toBe(130);
    expect(run.saw).toContainEqual(expect.objectContaining({ event: 'slow-aborted' }));
    expect(run.saw.some((e) => e.event === 'slow-finished')).toBe(false);
  }, 90_000);

  it('chat: the turn is stopped, its call cancelled on the server, the 2025 session DELETEd, and no later message is sent', async () => {
    const run = await interruptWhenStarted(dual, mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' }), [
      'chat',
      '--approve',
      'all',
      '--json',
      '-m',
      '/call slow {}',
      '-m',
      '/call confirm_order {}',
    ]);
    expect(run.code, run.output).toBe(130);
    expect(run.saw).toContainEqual(expect.objectContaining({ event: 'cancelled-notification' }));
    expect(run.saw).toContainEqual(expect.objectContaining({ event: 'slow-aborted' }));
    expect(run.saw.filter((e) => e.event === 'delete')).toHaveLength(1);
    expect(run.output).toContain('"status":"stopped"');
    expect(run.output).not.toContain('"text":"/call confirm_order');
  }, 90_000);

  it.skipIf(!hasScript)(
    'Ctrl-C typed at a terminal (readline has it) does the same: cancelled, stopped, DELETEd, exit 130',
    async () => {
      const run = await interruptWhenStarted(
        dual,
        mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' }),
        ['tools', 'call', 'slow', '--approve', 'all'],
        true,
      );
      expect(run.code, run.output).toBe(130);
      expect(run.saw).toContainEqual(expect.objectContaining({ event: 'cancelled-notification' }));
      expect(run.saw).toContainEqual(expect.objectContaining({ event: 'slow-aborted' }));
      expect(run.saw.filter((e) => e.event === 'delete')).toHaveLength(1);
    },
    90_000,
  );
});
