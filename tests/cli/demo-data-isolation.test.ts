import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest, ToolRun } from '../../src/shared/contract';
import { data, sharedDataDir, type RpcClient, type SharedDataDir } from '../reliability/helpers/headless-host';
import { runCli } from '../support/cli-process';

/**
 * Issue 30 item 3: a chat cancels an order in the console's live demo shop; then the console's Tests → Run all
 * (tests.run on the real headless core) and `switchboard test` (a real CLI process on the same data directory)
 * agree, all passing, because each test case gets a fresh demo state of its own. Settings → Reset demo data puts
 * the live shop back.
 */
let shared: SharedDataDir;
let dataDir: string;
let rpc: RpcClient;
beforeAll(async () => {
  shared = await sharedDataDir('sb-demo-state-');
  dataDir = shared.dataDir;
  ({ rpc } = await shared.startConsole());
}, 60_000);
afterAll(() => shared?.close());

const keyboardStatus = async () => {
  const run = data(
    await rpc.request<ToolRun>('tools.call', {
      toolId: 'query_order',
      server: 'shop',
      arguments: { orderNo: 'BS1001011' },
      actingIdentity: 'u1001',
    }),
  );
  return (JSON.parse(run.item.resultText ?? '{}') as { orders: { status: string }[] }).orders[0]?.status;
};

describe('test runs do not depend on the live demo data', () => {
  it('after a cancel in chat, the console and the CLI run the same cases with the same result: all pass', async () => {
    const { id } = data(await rpc.request<{ id: string }>('chat.create', { actingIdentity: 'u1001' }));
    const turn = data(
      await rpc.request<{ turnId: string }>('chat.send', { conversationId: id, text: '帮我取消键盘的订单' }),
    );
    const approval = await rpc.waitForEvent<ApprovalRequest>(
      'approvals.requested',
      (r) => r.toolName === 'cancel_order',
      20_000,
    );
    data(await rpc.request('approvals.resolve', { id: approval.id, decision: 'approve' }));
    expect(
      await rpc.waitForEvent<{ turnId: string; status: string }>(
        'turn.finished',
        (p) => p.turnId === turn.turnId,
        20_000,
      ),
    ).toMatchObject({ status: 'completed' });
    expect(await keyboardStatus()).toBe('cancelled'); // the live shop changed

    const fromConsole = data(
      await rpc.request<{ passed: number; failed: number; results: { id: string; passed: boolean }[] }>(
        'tests.run',
        {},
      ),
    );
    expect(fromConsole.results.filter((r) => !r.passed)).toEqual([]);
    expect(fromConsole.passed).toBeGreaterThanOrEqual(8);

    const cli = await runCli(['test', '--data-dir', dataDir, '--json'], shared.cliEnv, {
      timeoutMs: 120_000,
    });
    expect(cli.code, cli.stderr).toBe(0);
    const fromCli = JSON.parse(cli.stdout) as {
      passed: number;
      failed: number;
      results: { id: string; passed: boolean }[];
    };
    expect(fromCli.results.map((r) => [r.id, r.passed])).toEqual(fromConsole.results.map((r) => [r.id, r.passed]));
    expect(fromCli.failed).toBe(0);

    // The runs changed nothing live; Reset demo data does.
    expect(await keyboardStatus()).toBe('cancelled');
    expect(data(await rpc.request<{ reset: boolean }>('settings.resetBuiltinData', {}))).toEqual({ reset: true });
    expect(await keyboardStatus()).toBe('paid');
  }, 180_000);
});
