import { describe, expect, it } from 'vitest';
import { openApproval } from '../../../../tests/support/agent/pending-approval';
import { EventBus } from '../events';
import { ApprovalService } from './approvals';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Holds the event loop, as a busy machine or a long synchronous task does. */
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('ApprovalService deadlines', () => {
  it('refuses an answer given after expiresAt even when the loop was too late to run the timeout first', async () => {
    const service = new ApprovalService(new EventBus(), () => 25);
    // Node runs overdue timers list by list (one list per duration), not in global deadline order: an
    // older 75 ms timer puts the 75 ms list ahead of the 25 ms one, so after a stall the late answer ran
    // before the timeout and was taken as an approval.
    setTimeout(() => undefined, 75);
    await sleep(60);
    const { id, outcome } = openApproval(service);
    let accepted: boolean | undefined;
    setTimeout(() => (accepted = service.resolve(id, 'approve')), 75);
    block(150);
    const settled = await outcome;
    expect(settled.decision).toBe('timeout');
    expect(settled.decidedBy).toBe('system');
    await sleep(0);
    expect(accepted).toBe(false);
    expect(service.list()).toEqual([]);
  });

  it('takes an answer given before the deadline', async () => {
    const service = new ApprovalService(new EventBus(), () => 1_000);
    const { id, outcome } = openApproval(service);
    expect(service.resolve(id, 'approve')).toBe(true);
    expect((await outcome).decision).toBe('approve');
    expect(service.resolve(id, 'reject')).toBe(false);
  });
});
