import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_ROUNDS } from '../../src/main/core/mcp/input-rounds';
import { cliAtTerminal, hasScript } from '../support/cli-at-terminal';
import { cliEnv, runCli } from '../support/cli-process';
import { mrtrConfig, mrtrEntry, startMrtrServers, stopMrtrServers, type MrtrHttpServer } from '../support/mcp/mrtr-rig';

/**
 * `switchboard tools call` and `switchboard chat` (real child processes) against v2-SDK server processes whose tools
 * ask for input: 2026-07-28 multi-round-trip requests, and the same tools over a 2025 session. `tools call` takes
 * --elicit and --sampling like `chat`; at a terminal both ask, field by field.
 */
let dir: string;
let strict: MrtrHttpServer;
let dual: MrtrHttpServer;
const children: ChildProcess[] = [];
beforeAll(async () => void ({ dir, strict, dual } = await startMrtrServers('sb-mrtr-cli-', children)));
afterAll(() => stopMrtrServers(dir, children));

async function configFor(entry: Record<string, unknown>, agent: Record<string, unknown> = {}): Promise<string> {
  const path = join(dir, `cfg-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(path, stringify(mrtrConfig(entry, agent)));
  return path;
}
const common = (config: string) => ['--config', config, '--data-dir', join(dir, 'data'), '--approve', 'all'];
const env = () => cliEnv(join(dir, 'home'));
const ERAS = [
  { era: '2026-07-28', entry: () => mrtrEntry('shop', { url: strict.url }) },
  { era: '2025 (session)', entry: () => mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' }) },
];

describe.each(ERAS)('switchboard tools call, $era, without a terminal', ({ entry }) => {
  it('--elicit decline (the default without a terminal) declines the server’s question, and the tool says so', async () => {
    const config = await configFor(entry());
    for (const extra of [['--elicit', 'decline'], []]) {
      const run = await runCli(['tools', 'call', 'confirm_order', ...common(config), '--json', ...extra], env());
      expect(run.code, run.stderr).toBe(0);
      const printed = JSON.parse(run.stdout) as {
        item: { resultText: string };
        record: { exchanges: { outcome: string; decidedBy: string }[] };
      };
      expect(printed.item.resultText).toContain('order not placed: the user chose decline');
      expect(printed.record.exchanges).toEqual([
        expect.objectContaining({ outcome: 'decline', decidedBy: 'policy (--elicit decline)' }),
      ]);
      expect(run.stderr).toContain(
        "note: shop's question was answered decline by policy (--elicit decline); to answer it yourself, run at a terminal",
      );
    }
  }, 60_000);

  it('stops a server that never stops asking and names it', async () => {
    const config = await configFor(entry());
    const run = await runCli(['tools', 'call', 'nag', ...common(config), '--elicit', 'defaults'], env());
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(`(shop still asked for input|still required input) after ${MAX_INPUT_ROUNDS} rounds`),
    );
  }, 60_000);
});

describe('--elicit is an option of tools call', () => {
  it('refuses a mode it does not know', async () => {
    const run = await runCli(['tools', 'call', 'confirm_order', '--elicit', 'sometimes'], env());
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /--elicit <mode>' argument 'sometimes' is invalid\. Allowed choices are ask, decline, defaults/,
    );
  });
});

describe.skipIf(!hasScript).each(ERAS)('at a terminal, $era', ({ entry }) => {
  it('tools call asks the form field by field (warning about the PIN), and the server gets the answers', async () => {
    const config = await configFor(entry());
    const run = await cliAtTerminal(
      ['tools', 'call', 'confirm_order', ...common(config)],
      [
        { question: /^Confirm \* \(y\/n\): $/, answers: ['y'] },
        { question: /^PIN \*: $/, answers: ['', '2468'] },
        { question: /^Send these answers\?/, answers: ['a'] },
      ],
      env(),
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain('? shop asks (during confirm_order): Place order #42 for 3 mugs?');
    expect(run.asked.filter((q) => q.startsWith('PIN'))).toHaveLength(2); // empty is refused, asked again
    expect(run.screen).toContain('! PIN: looks like a secret; it goes to shop only and is not stored');
    expect(run.screen).toContain('order placed: confirm=true, pin of 4 digits received');
  }, 120_000);

  it('tools call reviews a sampling request and its answer; cancel when nobody answers in time', async () => {
    const config = await configFor(entry(), { elicitationTimeoutMs: 1_000 });
    const sampled = await cliAtTerminal(
      ['tools', 'call', 'ask_model', ...common(config)],
      [
        { question: /^Send this to offline demo model\? \[y\/N\]/, answers: ['y'] },
        { question: /^Return this answer to shop\? \[y\/N\]/, answers: ['y'] },
      ],
      env(),
    );
    expect(sampled.code, sampled.screen).toBe(0);
    expect(sampled.screen).toContain('user: Summarize order #42 in five words');
    expect(sampled.screen).toContain('the model said: Demo answer: you asked');

    const silent = await cliAtTerminal(['tools', 'call', 'confirm_order', ...common(config)], [], env());
    expect(silent.screen).toContain('order not placed: the user chose cancel');
  }, 120_000);

  it('chat asks the server’s question during the model’s call', async () => {
    const config = await configFor(entry());
    const run = await cliAtTerminal(
      // --json: its output lines are told apart from a prompt the CLI's own output lands beside.
      ['chat', ...common(config), '--json', '-m', '/call confirm_order {}'],
      [
        { question: /^Confirm \* \(y\/n\): $/, answers: ['n'] },
        { question: /^PIN \*: $/, answers: ['1357'] },
        { question: /^Send these answers\?/, answers: ['a'] },
      ],
      env(),
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain('? shop asks (during confirm_order): Place order #42 for 3 mugs?');
    expect(run.screen).toContain('{"type":"tool.result","tool":"confirm_order","status":"success"');
    expect(run.screen).toContain('order placed: confirm=false, pin of 4 digits received');
    // What is kept and printed of the answer never holds the PIN.
    expect(run.screen).toContain('"response":{"confirm":false,"pin":"•••• (not stored)"}');
  }, 120_000);
});

describe.skipIf(!hasScript)('tools call and -32042 (URL elicitation required) from a 2025-era server', () => {
  it('shows the URL with its host, and once the operator is done the call is tried again and succeeds', async () => {
    const config = await configFor(mrtrEntry('shop', { url: dual.url }, { protocol: 'legacy' }));
    const run = await cliAtTerminal(
      ['tools', 'call', 'needs_url', ...common(config)],
      [{ question: /^Done with it\?/, answers: ['a'] }],
      env(),
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain('URL: https://auth.example.com/authorize');
    expect(run.screen).toContain('host: auth.example.com (not opened: open it yourself if you trust it)');
    expect(run.screen).toContain('authorized, thank you');
  }, 120_000);

  it('a 2026-07-28 server asks for the page through MRTR instead, and tools call shows it the same way', async () => {
    const config = await configFor(mrtrEntry('shop', { url: strict.url }));
    const run = await cliAtTerminal(
      ['tools', 'call', 'open_page', ...common(config)],
      [{ question: /^Done with it\?/, answers: ['d'] }],
      env(),
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain('host: auth.example.com (not opened: open it yourself if you trust it)');
    expect(run.screen).toContain('page answer: decline');
  }, 120_000);
});
