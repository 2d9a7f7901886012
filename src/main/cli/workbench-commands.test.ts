import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cliDataDir } from '../../../tests/support/cli-in-process';
import { demoShopConfigText } from '../demo-shop/default-config';
import { buildProgram } from './program';
import { runChat } from './chat-command';
import { runReplay } from './replay-command';
import { runTests } from './test-command';
import { runToolsCall } from './tools-command';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-workbench-cli-'));
  dirs.push(dir);
  return dir;
}

/** `switchboard tools call TOOL --args … --customer u1001 --approve none` on `dir`: the exit code and what it printed. */
async function toolsCall(dir: string, tool: string, args: Record<string, unknown>, json?: boolean) {
  const { io, out, err } = capture();
  const code = await runToolsCall(tool, { args, customer: 'u1001', approve: 'none', dataDir: dir, json }, io, {});
  return { code, out, err };
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (l: string) => out.push(l), stderr: (l: string) => err.push(l) }, out, err };
}

describe('switchboard tools call', () => {
  it('runs query_order as the acting customer through the proxy and keeps a record with actor operator (exit 0)', async () => {
    const dir = await dataDir();
    const { code, out } = await toolsCall(dir, 'query_order', { keyword: 'AirPods' }, true);
    expect(code).toBe(0);
    const run = JSON.parse(out.join('\n'));
    expect(run.item).toMatchObject({ toolName: 'query_order', server: 'shop', status: 'success' });
    expect(run.record).toMatchObject({ actor: 'operator', tool: 'query_order', status: 'success' });
    expect(run.item.resultText).toContain('BS1001003');
    expect(run.notVisibleToModel).toBeNull();
    const records = (await readFile(join(dir, 'records.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records).toEqual([expect.objectContaining({ id: run.record.id, actor: 'operator' })]);
  });

  it('runs an unmounted tool and says why the model would not see it', async () => {
    const { code, out, err } = await toolsCall(await dataDir(), 'query_coupons', {});
    expect(code).toBe(0);
    expect(err.join('\n')).toMatch(/the model would not see query_coupons \(unmounted\)/);
    expect(out.join('\n')).toContain('CP-1001-01');
  });

  it('exits 1 when a write is refused by --approve none, and the shop was never called', async () => {
    const dir = await dataDir();
    const { code, out } = await toolsCall(dir, 'cancel_order', { orderNo: 'BS1001011' }, true);
    expect(code).toBe(1);
    const run = JSON.parse(out.join('\n'));
    expect(run.item.status).toBe('rejected');
    expect(run.record.approval).toMatchObject({ decision: 'reject', decidedBy: 'cli' });
    // Still cancellable: the rejected call did not run.
    const again = await toolsCall(dir, 'query_order', { keyword: '键盘' }, true);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out.join('\n')).item.resultText).toContain('"status":"paid"');
  });

  it('exits 1 when the call fails at the server, and 2 when no server offers the tool', async () => {
    const dir = await dataDir();
    const failed = await toolsCall(dir, 'query_logistics', { trackingNo: 'NOPE' });
    expect(failed.code).toBe(1);
    expect(failed.out[0]).toMatch(/query_logistics @shop as u1001: error/);
    const missing = await toolsCall(dir, 'no_such_tool', {});
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toMatch(/no connected server offers "no_such_tool"/);
  });

  it('refuses --args that are not a JSON object', async () => {
    const { io, err } = capture();
    const program = buildProgram(io).exitOverride();
    await expect(
      program.parseAsync(['node', 'switchboard', 'tools', 'call', 'query_order', '--args', '[1]']),
    ).rejects.toThrow();
    expect(err.join('\n')).toMatch(/must be a JSON object/);
  });
});

describe('switchboard tools list', () => {
  it('--json lists every discovered tool with its server and state', async () => {
    const cli = await cliDataDir('sb-workbench-cli-', parse(demoShopConfigText()));
    dirs.push(cli.dir);
    const { out } = await cli.run('tools', 'list', '--json');
    const rows = JSON.parse(out) as {
      toolId: string;
      server: string | null;
      state: string;
      readOnly: boolean;
    }[];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ toolId: 'query_order', server: 'shop', state: 'bound', readOnly: true }),
        expect.objectContaining({ toolId: 'query_coupons', server: 'shop', state: 'unmounted', readOnly: true }),
        expect.objectContaining({ toolId: 'apply_refund', server: 'shop', state: 'gated', readOnly: false }),
        expect.objectContaining({ toolId: 'query_invoice', server: null, state: 'unavailable' }),
      ]),
    );
    const text = await cli.run('tools', 'list');
    expect(text.out.split('\n').find((l) => l.includes('query_coupons'))).toMatch(
      /^unmounted\s+query_coupons\s+shop\s+read-only/,
    );
  });
});

describe('switchboard replay', () => {
  it('replays a saved conversation; unchanged config gives the same steps, a changed description diverges', async () => {
    const dir = await dataDir();
    const chat = capture();
    expect(
      await runChat(
        {
          dataDir: dir,
          customer: 'u1001',
          approve: 'none',
          json: true,
          message: ['上周买的AirPods Pro还没收到，帮我看看送到哪了', '第一笔'],
        },
        chat.io,
        {},
      ),
    ).toBe(0);
    const id = JSON.parse(chat.out[0]).conversationId as string;

    const same = capture();
    expect(await runReplay(id, { dataDir: dir, json: true }, same.io, {})).toBe(0);
    const unchanged = JSON.parse(same.out.join('\n'));
    expect(unchanged.diverged).toBe(false);
    expect(unchanged.steps.length).toBeGreaterThanOrEqual(3);
    expect(
      unchanged.steps.every(
        (s: { same: boolean; original: unknown; replay: unknown }) => s.same && s.original && s.replay,
      ),
    ).toBe(true);

    const configPath = join(dir, 'switchboard.yaml');
    const yaml = await readFile(configPath, 'utf8');
    await writeFile(
      configPath,
      yaml.replace('toolId: query_order\n', 'toolId: query_order\n        description: 查订单（按商品关键词）\n'),
    );
    const changed = capture();
    expect(await runReplay(id, { dataDir: dir, json: true }, changed.io, {})).toBe(0);
    const report = JSON.parse(changed.out.join('\n'));
    expect(report.diverged).toBe(true);
    expect(report.steps[0].same).toBe(false);
    expect(report.steps[0].differences.join(' ')).toMatch(/descriptions changed: query_order/);
    expect(report.steps[0].tokenDelta).not.toBe(0);
    expect(Object.keys(report.steps[0])).toEqual(expect.arrayContaining(['original', 'replay', 'same']));
  });

  it('never runs a write: the replay answers it "not executed (replay)" and lists it as asking for approval', async () => {
    const dir = await dataDir();
    const chat = capture();
    await runChat(
      { dataDir: dir, customer: 'u1001', approve: 'all', json: true, message: ['帮我取消键盘的订单'] },
      chat.io,
      {},
    );
    const id = JSON.parse(chat.out[0]).conversationId as string;
    const { io, out } = capture();
    expect(await runReplay(id, { dataDir: dir, json: true }, io, {})).toBe(0);
    const report = JSON.parse(out.join('\n'));
    const cancel = report.steps.find((s: { replay: { calls: { tool: string }[] } | null }) =>
      s.replay?.calls.some((c) => c.tool === 'cancel_order'),
    );
    expect(cancel.replay.calls.find((c: { tool: string }) => c.tool === 'cancel_order')).toMatchObject({
      status: 'blocked',
      result: expect.stringContaining('not executed (replay)'),
    });
    expect(cancel.replay.wouldAskApproval).toEqual(['cancel_order']);
    expect(cancel.original.calls.find((c: { tool: string }) => c.tool === 'cancel_order').status).toBe('success');
    // The original was in fact approved: it asked; only the replay "would have asked" (typed fields, issue 30).
    expect(cancel.original.calls.find((c: { tool: string }) => c.tool === 'cancel_order').approval).toBe('asked');
    expect(cancel.original.wouldAskApproval).toEqual([]);
    expect(cancel.replay.calls.find((c: { tool: string }) => c.tool === 'cancel_order').approval).toBe('wouldAsk');
    expect(report.diverged).toBe(true);
  });

  it('exits 2 for a conversation that does not exist', async () => {
    const { io, err } = capture();
    expect(await runReplay('c_nope', { dataDir: await dataDir() }, io, {})).toBe(2);
    expect(err.join('\n')).toMatch(/no conversation c_nope/);
  });
});

describe('switchboard test', () => {
  it('passes on a fresh data directory with the default config (every example), and writes JUnit', async () => {
    const dir = await dataDir();
    const junit = join(dir, 'junit.xml');
    const { io, out } = capture();
    const code = await runTests({ dataDir: dir, approve: 'none', junit, json: true }, io, {});
    const summary = JSON.parse(out.join('\n'));
    expect(summary.results.filter((r: { passed: boolean }) => !r.passed)).toEqual([]);
    expect(code).toBe(0);
    expect(summary.passed).toBe(8);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(/<testsuite name="switchboard" tests="8" failures="0"/);
    expect(xml).toContain('classname="examples.address-update"');
  });

  it('exits 1 when a case fails, with the failed expectation in the output and in JUnit', async () => {
    const dir = await dataDir();
    await writeFile(
      join(dir, 'cases.yaml'),
      [
        'cases:',
        '  - name: story',
        '    messages: ["上周买的AirPods Pro还没收到，帮我看看送到哪了", "第一笔"]',
        '    expect:',
        '      calls: [{ tool: query_order }, { tool: query_logistics, arguments: { trackingNo: BIT9100000233 } }]',
        '      notCalled: [cancel_order]',
        '      answerContains: BIT9100000233',
        '  - name: wrong on purpose',
        '    messages: ["我的优惠券有哪些"]',
        '    expect: { calls: [{ tool: query_coupons }] }',
        '',
      ].join('\n'),
    );
    const junit = join(dir, 'out.xml');
    const { io, out } = capture();
    expect(await runTests({ dataDir: dir, approve: 'none', junit }, io, {})).toBe(1);
    const text = out.join('\n');
    expect(text).toMatch(/PASS {2}story {2}\(as u1001, \d+ ms\)/); // the acting identity on the CLI line
    expect(text).toMatch(/FAIL {2}wrong on purpose/);
    expect(text).toMatch(/✗ calls query_coupons: not called; the model made no tool call/);
    expect(text).toMatch(/9 passed, 1 failed/);
    const xml = await readFile(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase classname="cases" name="wrong on purpose"[^>]*>\s*<failure message="calls query_coupons: not called/,
    );
  });

  it('exits 2 for a cases file with problems, naming the line, and leaves it untouched', async () => {
    const dir = await dataDir();
    const bad = 'cases:\n  - name: x\n    messages: []\n';
    await writeFile(join(dir, 'cases.yaml'), bad);
    const { io, err } = capture();
    expect(await runTests({ dataDir: dir, approve: 'none' }, io, {})).toBe(2);
    expect(err.join('\n')).toMatch(/cases\.0\.messages \(line 3\): a case needs at least one message/);
    expect(await readFile(join(dir, 'cases.yaml'), 'utf8')).toBe(bad);
  });
});
