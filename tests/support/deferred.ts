import { afterAll, afterEach } from 'vitest';

type Close = () => unknown;

function closingStack(register: (fn: () => Promise<void>) => void): (close: Close) => void {
  const stack: Close[] = [];
  register(async () => {
    while (stack.length) await Promise.resolve(stack.pop()!()).catch(() => undefined);
  });
  return (close) => void stack.push(close);
}

/** Registers an afterAll that runs what was deferred, last first, each whatever the others did. */
export const deferUntilAfterAll = (): ((close: Close) => void) => closingStack(afterAll);

/**
 * For a test file whose tests each start servers or cores: `closing(thing)` returns the thing and closes it after
 * the test that started it (last started, first closed), whether the test passed or not.
 */
export function closeAfterEachTest(): <T extends { close(): unknown }>(thing: T) => T {
  const defer = closingStack(afterEach);
  return (thing) => {
    defer(() => thing.close());
    return thing;
  };
}
