import { describe, expect, it } from 'vitest';
import { linkedPair } from '../../../tests/support/thread-link-pair';
import { UnsendableError } from './thread-link';

describe('thread link', () => {
  it('answers a call with the handler’s value, and keeps notices in order with calls', async () => {
    const [main, thread] = linkedPair();
    const seen: string[] = [];
    main.onNotice('log', (line: string) => seen.push(`notice ${line}`));
    main.serve({ add: (a: number, b: number) => (seen.push('call add'), a + b) });
    thread.notify('log', 'first');
    await expect(thread.call('add', 2, 3)).resolves.toBe(5);
    thread.notify('log', 'last');
    await expect(thread.call('add', 1, 1)).resolves.toBe(2);
    expect(seen).toEqual(['notice first', 'call add', 'notice last', 'call add']);
  });

  it('rejects with the handler’s error, its message and name kept', async () => {
    const [main, thread] = linkedPair();
    main.serve({
      fail: async () => {
        throw Object.assign(new Error('the key is gone'), { name: 'AbortError' });
      },
    });
    await expect(thread.call('fail')).rejects.toMatchObject({ message: 'the key is gone', name: 'AbortError' });
  });

  it('rejects a call nobody serves, naming it', async () => {
    const [, thread] = linkedPair();
    await expect(thread.call('nothing')).rejects.toThrow(/no handler for nothing/);
  });

  it('turns an answer that cannot cross threads into an error, not a hang', async () => {
    const [main, thread] = linkedPair();
    main.serve({ leak: () => ({ callback: () => undefined }) });
    await expect(thread.call('leak')).rejects.toThrow(/could not be cloned/);
  });

  it('rejects a call whose arguments cannot cross as unsendable, and keeps working', async () => {
    const [main, thread] = linkedPair();
    main.serve({ echo: (value: unknown) => value });
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    await expect(thread.call('echo', deep)).rejects.toBeInstanceOf(UnsendableError);
    await expect(thread.call('echo', { a: 1 })).resolves.toEqual({ a: 1 });
  });

  it('fails pending and later calls once ended, with the reason', async () => {
    const [main, thread] = linkedPair();
    main.serve({ never: () => new Promise(() => undefined) });
    const pending = thread.call('never');
    thread.end('the core’s thread exited (code 1)');
    await expect(pending).rejects.toThrow('the core’s thread exited (code 1)');
    await expect(thread.call('never')).rejects.toThrow('the core’s thread exited (code 1)');
  });
});
