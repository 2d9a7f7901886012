import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerAttempt, type AttemptContext } from './server-attempt';
import type { ConnectionAuth, ConnectionSettings } from './types';

afterEach(() => vi.useRealTimers());

function attemptWith(rediscover: () => void): ServerAttempt {
  const context: AttemptContext = {
    settings: { listChangedDebounceMs: 50, listChangedMaxWaitMs: 500, now: () => new Date() } as ConnectionSettings,
    log: () => undefined,
    rediscover,
  };
  return new ServerAttempt(Promise.resolve(), context);
}

describe('ServerAttempt', () => {
  it('ends once: stops its timers, drops its auth, aborts a connect under way and hands its client back once', async () => {
    vi.useFakeTimers();
    const rediscover = vi.fn();
    const probe = vi.fn();
    const closed = vi.fn();
    const attempt = attemptWith(rediscover);
    const client = {} as Client;
    attempt.client = client;
    attempt.auth = { closed } as unknown as ConnectionAuth;
    const signal = attempt.deadline!.signal;
    attempt.checkHealth(100, probe);
    attempt.onListChanged();
    await vi.advanceTimersByTimeAsync(150);
    expect(rediscover).toHaveBeenCalledTimes(1);
    expect(probe).toHaveBeenCalledTimes(1);

    attempt.onListChanged();
    expect(attempt.end('superseded')).toBe(client);
    expect(attempt.end('closed')).toBeUndefined();
    expect(closed).toHaveBeenCalledTimes(1);
    expect(attempt.auth).toBeUndefined();
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('superseded');

    // Late callbacks of an ended attempt do nothing.
    attempt.onListChanged();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rediscover).toHaveBeenCalledTimes(1);
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('leaves a connected attempt’s requests alone: with its deadline cleared, ending it aborts nothing', () => {
    const attempt = attemptWith(() => undefined);
    const signal = attempt.deadline!.signal;
    attempt.deadline = undefined;
    attempt.end('lost');
    expect(signal.aborted).toBe(false);
  });
});
