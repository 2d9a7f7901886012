import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../shared/config/schema';
import { failedStart } from './connection-failures';
import { ServerConfigError } from './server-endpoint';

const http = { name: 'tracker', url: 'https://t.example/mcp', enabled: true, headers: {} } as unknown as ServerConfig;
const base = {
  timedOut: false,
  verdict: undefined,
  phase: 'initialize',
  timeoutMs: 10_000,
  startup: null,
  stderr: null,
};

describe('how a failed start ends', () => {
  it('waits for a sign-in without retrying, fails and retries on a plain error, fails for good on a config error or a refusal', () => {
    expect(
      failedStart(http, {
        ...base,
        error: new Error('401'),
        verdict: { kind: 'needs-auth', message: 'sign-in required at https://as.example/' },
      }),
    ).toEqual({
      status: 'needs-auth',
      message: 'sign-in required at https://as.example/',
      logText: 'sign-in required at https://as.example/',
    });
    expect(failedStart(http, { ...base, error: new Error('ECONNREFUSED 127.0.0.1:9') })).toMatchObject({
      status: 'failed',
      retry: true,
      logText: expect.stringContaining('ECONNREFUSED'),
    });
    expect(
      failedStart(http, { ...base, error: new ServerConfigError('environment variable not set: TOKEN') }),
    ).toMatchObject({ status: 'failed', retry: false, message: 'environment variable not set: TOKEN' });
    expect(
      failedStart(http, {
        ...base,
        error: new Error('403'),
        verdict: { kind: 'refused', message: 'the resource refused this client' },
      }),
    ).toMatchObject({ status: 'failed', retry: false, message: 'the resource refused this client' });
  });

  it('a start past its deadline says which limit it hit, as a message with its code', () => {
    const failed = failedStart(http, { ...base, error: new Error('deadline'), timedOut: true });
    expect(failed).toMatchObject({
      status: 'failed',
      retry: true,
      message: { code: expect.stringMatching(/^connection\./) },
    });
    expect(failed.logText).toContain('10');
  });
});
