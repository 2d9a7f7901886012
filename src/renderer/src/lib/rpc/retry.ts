import { RpcClientError } from './types';

/** Codes that may pass on their own (a server restarting, a failure inside main); any other code is main's answer. */
const TRANSIENT: ReadonlySet<RpcClientError['code']> = new Set(['unavailable', 'internal']);

/**
 * react-query's `retry` for every query: one more try for a failure that may pass (transient codes, a dropped
 * connection), none for a definite answer such as `not_found`, which a retry with backoff would only show late.
 */
export function retryTransientOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof RpcClientError) || TRANSIENT.has(error.code);
}
