import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive } from '../support/mcp';
import { openAiStream } from '../support/providers';
import { startCoreRig, type CoreRig } from './helpers/core-rig';

/**
 * Fault 4: stdio servers that exit, or write garbage to stdout, at start or mid-call. Each ends as
 * `failed` (or an error result) with the tail of its stderr, within its timeout; nothing hangs, and
 * closing the app leaves no child process behind.
 */
const MISBEHAVING = fileURLToPath(new URL('./helpers/stdio-misbehaving.mjs', import.meta.url));
let rig: CoreRig | undefined;
let dir: string | undefined;
afterEach(async () => {
  await rig?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  rig = dir = undefined;
});

const alive = processAlive;
const pidIn = (file: string) => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined);

describe('stdio server faults', () => {
  it('at start: one exits, one babbles on stdout; both fail with their stderr tail, and the app stays usable', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-stdio-'));
    const babblerPid = join(dir, 'babbler.pid');
    const started = Date.now();
    rig = await startCoreRig({
      servers: [
        {
          name: 'dies',
          command: process.execPath,
          args: ['-e', 'process.stderr.write("fatal: config file missing\\n"); process.exit(3)'],
        },
        {
          name: 'babbler',
          command: process.execPath,
          args: [
            '-e',
            `require("fs").writeFileSync(${JSON.stringify(babblerPid)}, String(process.pid)); process.stderr.write("babbler up\\n"); process.stdout.write("hello, I am not JSON-RPC\\n{broken\\n"); setInterval(() => {}, 1000)`,
          ],
          timeoutMs: 1_500,
        },
        { name: 'good', command: process.execPath, args: [MISBEHAVING] },
      ],
      tools: [{ toolId: 'fine', server: 'good' }],
      script: [openAiStream({ toolCalls: [{ name: 'fine', arguments: {} }] }), openAiStream({ text: 'ok' })],
      connections: { autoReconnect: false },
    });
    const dies = await rig.waitForServer('dies', (s) => s.status === 'failed');
    const babbler = await rig.waitForServer('babbler', (s) => s.status === 'failed');
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(dies.stderrTail).toContain('fatal: config file missing');
    // Not the SDK's "MCP error -32000: Connection closed": what happened, and the first error line of stderr.
    expect(dies.error).toBe('the command exited before it answered initialize: fatal: config file missing');
    // The console translates the framing; the command's own line travels verbatim as a param.
    expect(dies.errorMessage).toEqual({
      code: 'connection.exited',
      params: { phase: 'initialize', line: 'fatal: config file missing' },
      text: dies.error,
    });
    expect(babbler.error).toMatch(/timed out|closed|parse|JSON/i);
    expect(babbler.stderrTail).toContain('babbler up');
    // Everything else works: the good server connects and a turn runs.
    await rig.waitForServer('good', (s) => s.status === 'connected');
    const id = await rig.conversation();
    expect((await rig.send(id, 'x')).status).toBe('completed');
    expect((await rig.records(id)).map((r) => r.status)).toEqual(['success']);
    // No child outlives the app.
    const pid = pidIn(babblerPid)!;
    await rig.close();
    rig = undefined;
    const until = Date.now() + 3_000;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(alive(pid)).toBe(false);
  });

  it('mid-call: garbage on stdout times the call out; an exit fails the call and the server, with its stderr tail', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-stdio-'));
    rig = await startCoreRig({
      // timeoutMs bounds both the connect (a node child with the SDK: slow on a loaded machine) and the call.
      servers: [{ name: 'mis', command: process.execPath, args: [MISBEHAVING], timeoutMs: 3_000 }],
      tools: [{ toolId: 'garbage_then_hang' }, { toolId: 'exit_now' }, { toolId: 'fine' }],
      script: [
        openAiStream({ toolCalls: [{ name: 'garbage_then_hang', arguments: {} }] }),
        openAiStream({ toolCalls: [{ name: 'exit_now', arguments: {} }] }),
        openAiStream({ text: 'both failed' }),
      ],
      connections: { autoReconnect: false },
    });
    await rig.waitForServer('mis', (s) => s.status === 'connected');
    const id = await rig.conversation();
    const started = Date.now();
    expect((await rig.send(id, 'x')).status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(8_000);
    const [exited, garbage] = await rig.records(id); // newest first
    expect(garbage).toMatchObject({ tool: 'garbage_then_hang', status: 'error' });
    expect(garbage.error).toMatch(/timed out/i);
    expect(exited).toMatchObject({ tool: 'exit_now', status: 'error' });
    expect(exited.durationMs).toBeLessThan(2_500); // the exit ends it, not the 3 s timeout
    const failed = await rig.waitForServer('mis', (s) => s.status === 'failed');
    expect(failed.stderrTail).toContain('misbehaving: fatal error, exiting');
  });
});
