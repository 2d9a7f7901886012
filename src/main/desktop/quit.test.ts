import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { attachGracefulQuit } from './quit';

/** app.quit() closes the windows, then emits will-quit; unless prevented, the app quits. */
function fakeApp() {
  const emitter = new EventEmitter();
  let quitted = 0;
  const app = {
    on: (event: 'will-quit', listener: (event: { preventDefault(): void }) => void) => emitter.on(event, listener),
    quit() {
      let prevented = false;
      emitter.emit('will-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) quitted++;
    },
  };
  return { app, quitted: () => quitted };
}

describe('quit waits for the core to close', () => {
  it('holds the quit until close() resolves, then quits once', async () => {
    const { app, quitted } = fakeApp();
    let finish!: () => void;
    let calls = 0;
    const { closed } = attachGracefulQuit({
      app,
      close: () => (calls++, new Promise<void>((resolve) => (finish = resolve))),
    });
    app.quit();
    app.quit(); // a second request while closing changes nothing
    expect(quitted()).toBe(0);
    expect(calls).toBe(1);
    finish();
    await closed;
    expect(quitted()).toBe(1);
  });

  it('quits anyway after the time bound, and says so', async () => {
    const { app, quitted } = fakeApp();
    const lines: string[] = [];
    const { closed } = attachGracefulQuit({
      app,
      close: () => new Promise<void>(() => undefined),
      timeoutMs: 30,
      log: (line) => lines.push(line),
    });
    app.quit();
    await closed;
    expect(quitted()).toBe(1);
    expect(lines).toEqual(['[quit] the core did not close within 30 ms; quitting anyway']);
  });

  it('a close that fails is logged and the app still quits', async () => {
    const { app, quitted } = fakeApp();
    const lines: string[] = [];
    const { closed } = attachGracefulQuit({
      app,
      close: () => Promise.reject(new Error('disk gone')),
      log: (line) => lines.push(line),
    });
    app.quit();
    await closed;
    expect(quitted()).toBe(1);
    expect(lines).toEqual(['[quit] closing the core failed: disk gone']);
  });

  it('SIGTERM, SIGINT and SIGHUP take the same path', async () => {
    const { app, quitted } = fakeApp();
    const signals = new EventEmitter();
    let closes = 0;
    const { closed } = attachGracefulQuit({
      app,
      close: async () => void closes++,
      signals: signals as unknown as Pick<NodeJS.Process, 'once'>,
    });
    signals.emit('SIGTERM');
    await closed;
    expect([closes, quitted()]).toEqual([1, 1]);
  });
});
