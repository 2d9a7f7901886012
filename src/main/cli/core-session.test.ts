import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, ToolRun } from '../../shared/contract';
import { createTestCore, type TestCore } from '../../../tests/support/core';
import type { ApprovalAnswer } from '../core/services';
import { answerApproval, answerApprovals } from './core-session';

let dir: string;
let core: TestCore;
const stderr: string[] = [];
const io = { stdout: () => undefined, stderr: (line: string) => stderr.push(line) };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-approvals-'));
  core = await createTestCore({ dataDir: dir, watchConfig: false, log: () => undefined });
  await core.whenServersSettled();
  stderr.length = 0;
});
afterEach(async () => {
  await core.close();
  await rm(dir, { recursive: true, force: true });
});

/** A real write by hand (cancel_order on the demo shop): it waits for the operator's approval. */
function cancelOrder(): { request: Promise<ApprovalRequest>; run: Promise<ToolRun> } {
  const request = new Promise<ApprovalRequest>((resolve) =>
    core.events.subscribe((name, payload) => name === 'approvals.requested' && resolve(payload as ApprovalRequest)),
  );
  const run = core.services.workbench.call({
    toolId: 'cancel_order',
    server: 'shop',
    arguments: { orderNo: 'BS1001011' },
    actingIdentity: 'u1001',
  });
  return { request, run };
}

describe('the CLI answers approvals through the approvals service', () => {
  it('--approve none: the typed answer reaches the service, its reason kept in the record', async () => {
    const answered: [string, ApprovalAnswer, string | undefined][] = [];
    const approvals = core.services.approvals;
    const spied = {
      ...core,
      services: {
        ...core.services,
        approvals: Object.assign(Object.create(approvals) as typeof approvals, {
          answer: (id: string, answer: ApprovalAnswer, decidedBy?: string) => {
            answered.push([id, answer, decidedBy]);
            return approvals.answer(id, answer, decidedBy);
          },
        }),
      },
    };
    const stop = answerApprovals(spied, 'none', io);
    try {
      const { request, run } = cancelOrder();
      const { id } = await request;
      const done = await run;
      expect(answered).toEqual([[id, { decision: 'reject', reason: 'rejected by --approve none' }, 'cli']]);
      expect(done.record?.approval).toMatchObject({
        decision: 'reject',
        reason: 'rejected by --approve none',
        decidedBy: 'cli',
      });
    } finally {
      stop();
    }
  });

  it('a reject without a reason is refused as over RPC, said on stderr, and the approval stays pending', async () => {
    const { request, run } = cancelOrder();
    const pending = await request;
    const overRpc = await core.dispatch(
      'approvals.resolve',
      { id: pending.id, decision: 'reject', reason: ' ' },
      { transport: 'internal' },
    );
    expect(overRpc).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const rpcMessage = (overRpc as { error: { message: string } }).error.message;

    expect(
      answerApproval(core.services.approvals, pending, { decision: 'reject', reason: ' ', decidedBy: 'cli' }, io),
    ).toBe(false);
    expect(stderr).toEqual([`approval for cancel_order not answered: ${rpcMessage}`]);
    expect(core.services.approvals.list().map((a) => a.id)).toEqual([pending.id]);

    // With its reason the same answer is taken; a second answer finds nothing pending and says so.
    const form = { decision: 'reject', reason: 'wrong order', decidedBy: 'cli operator' } as const;
    expect(answerApproval(core.services.approvals, pending, form, io)).toBe(true);
    expect((await run).record?.approval).toMatchObject({ decision: 'reject', reason: 'wrong order' });
    expect(answerApproval(core.services.approvals, pending, form, io)).toBe(false);
    expect(stderr[1]).toMatch(/^approval for cancel_order not answered: /);
  });
});
