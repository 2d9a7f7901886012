import { afterEach, describe, expect, it, vi } from 'vitest';
import { BurstDebounce, CoalescedRun, Waiters } from './coalescing';

afterEach(() => vi.useRealTimers());

describe('CoalescedRun', () => {
  it('runs once more after the current run however often it was asked meanwhile, and not when that is no longer wanted', async () => {
    const run = new CoalescedRun();
    let release: () => void = () => {};
    let runs = 0;
    const task = () => {
      runs += 1;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const first = run.run(task);
    const second = run.run(task);
    const third = run.run(task);
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await vi.waitFor(() => expect(runs).toBe(2));
    release();
    await first;
    expect(runs).toBe(2);

    const notWanted = () => false;
    const again = run.run(task, notWanted);
    void run.run(task, notWanted);
    release();
    await again;
    expect(runs).toBe(3);
  });
});

describe('BurstDebounce', () => {
  it('fires once a burst is quiet, and at most max wait after a burst that never is', () => {
    vi.useFakeTimers();
    const debounce = new BurstDebounce(() => ({ quietMs: 200, maxWaitMs: 1000 }));
    const fire = vi.fn();
    debounce.trigger(fire);
    vi.advanceTimersByTime(150);
    debounce.trigger(fire);
    vi.advanceTimersByTime(150);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(fire).toHaveBeenCalledTimes(1);

    // A storm: a trigger every 100 ms for 3 s fires once per second, not never.
    for (let i = 0; i < 30; i++) {
      debounce.trigger(fire);
      vi.advanceTimersByTime(100);
    }
    expect(fire).toHaveBeenCalledTimes(4);

    debounce.trigger(fire);
    debounce.cancel();
    vi.advanceTimersByTime(2000);
    expect(fire).toHaveBeenCalledTimes(4);
  });
});

describe('Waiters', () => {
  it('answers at once when the moment is here, else releases every waiter together, once', async () => {
    const waiters = new Waiters();
    await expect(waiters.wait(true)).resolves.toBeUndefined();
    let released = 0;
    const pending = [waiters.wait(false), waiters.wait(false)].map((p) => p.then(() => released++));
    await Promise.resolve();
    expect(released).toBe(0);
    waiters.release();
    await Promise.all(pending);
    expect(released).toBe(2);
    waiters.release(); // nobody left: nothing happens twice
    expect(released).toBe(2);
  });
});
