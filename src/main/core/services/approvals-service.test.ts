import { describe, expect, it } from 'vitest';
import { openApproval } from '../../../../tests/support/agent/pending-approval';
import { ApprovalService } from '../agent/approvals';
import { Invalid, NotFound } from '../errors';
import { EventBus } from '../events';
import { approvalAnswer, ApprovalsService } from './approvals-service';

describe('approvalAnswer: the form’s answer as a typed decision', () => {
  it('a reject needs a reason: none, or only blanks, is refused as invalid input', () => {
    expect(() => approvalAnswer('reject')).toThrow(Invalid);
    expect(() => approvalAnswer('reject', '  \n ')).toThrow(Invalid);
    expect(approvalAnswer('reject', 'wrong order')).toEqual({ decision: 'reject', reason: 'wrong order' });
  });

  it('an approval may carry a note; a blank one is no note', () => {
    expect(approvalAnswer('approve')).toEqual({ decision: 'approve' });
    expect(approvalAnswer('approve_conversation', ' ')).toEqual({ decision: 'approve_conversation' });
    expect(approvalAnswer('approve', 'checked')).toEqual({ decision: 'approve', reason: 'checked' });
  });
});

describe('ApprovalsService', () => {
  it('settles a pending approval with the typed answer, its reason kept in the outcome', async () => {
    const runtime = new ApprovalService(new EventBus(), () => 10_000);
    const approvals = new ApprovalsService(runtime);
    const { id, outcome } = openApproval(runtime);
    expect(approvals.list().map((a) => a.id)).toEqual([id]);
    expect(approvals.answer(id, { decision: 'reject', reason: 'wrong order' })).toEqual({ resolved: true });
    expect(await outcome).toMatchObject({ decision: 'reject', reason: 'wrong order', decidedBy: 'operator' });
    expect(approvals.list()).toEqual([]);
    // The CLI answers in its own name.
    const next = openApproval(runtime);
    approvals.answer(next.id, { decision: 'approve' }, 'cli --approve all');
    expect(await next.outcome).toMatchObject({ decision: 'approve', decidedBy: 'cli --approve all' });
  });

  it('an approval no longer pending (answered, or never asked) is not found', async () => {
    const runtime = new ApprovalService(new EventBus(), () => 10_000);
    const approvals = new ApprovalsService(runtime);
    const { id, outcome } = openApproval(runtime);
    approvals.answer(id, { decision: 'approve' });
    await outcome;
    expect(() => approvals.answer(id, { decision: 'approve' })).toThrow(NotFound);
    expect(() => approvals.answer('ghost', { decision: 'reject', reason: 'x' })).toThrow(NotFound);
  });
});
