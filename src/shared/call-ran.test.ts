import { describe, expect, it } from 'vitest';
import { callRan } from './call-ran';

describe('callRan', () => {
  it('is false for a call that never reached its tool, true otherwise', () => {
    expect(callRan({ status: 'rejected', approval: { decision: 'reject' } })).toBe(false);
    expect(callRan({ status: 'blocked' })).toBe(false);
    expect(callRan({ status: 'stopped', approval: { decision: 'cancelled' } })).toBe(false);
    expect(callRan({ status: 'stopped', message: { code: 'call.stoppedBeforeApproval' } })).toBe(false);
    expect(callRan({ status: 'stopped', approval: { decision: 'approve' } })).toBe(true);
    expect(callRan({ status: 'stopped' })).toBe(true);
    expect(callRan({ status: 'success' })).toBe(true);
    expect(callRan({ status: 'error', approval: { decision: 'remembered' } })).toBe(true);
  });
});
