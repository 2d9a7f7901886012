import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListChangeAnnouncer } from './list-change-announcer';

afterEach(() => void vi.useRealTimers());

describe('ListChangeAnnouncer', () => {
  it('the first change at once, a burst once at the end of the period, the last change never dropped; per list and server', () => {
    vi.useFakeTimers();
    const told: string[] = [];
    const announcer = new ListChangeAnnouncer((event, server) => told.push(`${event}@${server}`), 200);
    announcer.changed('prompts.listChanged', 'a');
    expect(told).toEqual(['prompts.listChanged@a']);
    for (let i = 0; i < 100; i++) announcer.changed('prompts.listChanged', 'a');
    announcer.changed('resources.listChanged', 'a'); // another list: its own period
    announcer.changed('prompts.listChanged', 'b'); // another server: its own period
    expect(told).toEqual(['prompts.listChanged@a', 'resources.listChanged@a', 'prompts.listChanged@b']);
    vi.advanceTimersByTime(200);
    expect(told).toEqual([
      'prompts.listChanged@a',
      'resources.listChanged@a',
      'prompts.listChanged@b',
      'prompts.listChanged@a',
    ]);
    vi.advanceTimersByTime(1_000); // nothing more came: nothing more is said
    expect(told).toHaveLength(4);
    announcer.changed('prompts.listChanged', 'a'); // after a quiet period: at once again
    expect(told).toHaveLength(5);
    announcer.changed('prompts.listChanged', 'a');
    announcer.close(); // the app quits: no timer is left behind
    vi.advanceTimersByTime(1_000);
    expect(told).toHaveLength(5);
  });
});
