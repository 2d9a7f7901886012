import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest, ToolRun } from '../../src/shared/contract';
import {
  connectRpc,
  data,
  startHostProcess,
  type HostProcess,
  type RpcClient,
} from '../reliability/helpers/headless-host';
import { cliEnv, runCli } from '../support/cli-process';

/**
 * Issue 30 item 3: a chat cancels an order in the console's live demo shop; then the console's Tests → Run all
 * (tests.run on the real headless core) and `switchboard test` (a real CLI process on the same data directory)
 * agree, all passing, because each test case gets a fresh demo state of its own. Settings → Reset demo data puts
 * the live shop back.
 */
let root: string;
let dataDir: string;
let host: HostProcess;
let rpc: RpcClient;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sb-demo-state-'));
  dataDir = join(root, 'data');
  host = await startHostProcess(dataDir);
  rpc = await connectRpc(host.port, host.token);
}, 60_000);
afterAll(async () => {
  rpc?.close();
  await host?.stop();
  await rm(root, { recursive: true, force: true });
});

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

    const cli = await runCli(['test', '--data-dir', dataDir, '--json'], cliEnv(join(root, 'home')), {
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
