import { describe, expect, it } from 'vitest';
import { retryTransientOnce } from './retry';
import { RpcClientError } from './types';

describe('retryTransientOnce', () => {
  it('shows a definite answer at once and tries a transient failure once more', () => {
    expect(retryTransientOnce(0, new RpcClientError({ code: 'not_found', message: 'no tool x' }))).toBe(false);
    expect(retryTransientOnce(0, new RpcClientError({ code: 'bad_request', message: 'toolId: required' }))).toBe(false);
    expect(retryTransientOnce(0, new RpcClientError({ code: 'unavailable', message: 'shop is reconnecting' }))).toBe(
      true,
    );
    expect(retryTransientOnce(0, new Error('socket closed'))).toBe(true);
    expect(retryTransientOnce(1, new RpcClientError({ code: 'internal', message: 'boom' }))).toBe(false);
  });
});
