import { describe, expect, it } from 'vitest';
import { APP_RELAY_TO_HOST, APP_RELAY_TO_PROXY, RELAY_MESSAGES_PER_SECOND, createAppRelay } from './app-relay';

function relay() {
  let now = 1_000;
  const toHost: unknown[] = [];
  const listeners = new Map<string, (event: unknown, ...args: unknown[]) => void>();
  const created = createAppRelay(
    {
      sendToHost: (channel, message) => void toHost.push([channel, message]),
      on: (channel, listener) => void listeners.set(channel, listener),
    },
    () => now,
  );
  return { relay: created, toHost, fromHost: listeners.get(APP_RELAY_TO_PROXY)!, tick: (ms: number) => (now += ms) };
}

describe("the <webview> guest's relay", () => {
  it(`passes at most ${RELAY_MESSAGES_PER_SECOND} messages a second to the host, then the next second's`, () => {
    const { relay: r, toHost, tick } = relay();
    for (let i = 0; i < 5000; i++) r.toHost({ i });
    expect(toHost).toHaveLength(RELAY_MESSAGES_PER_SECOND);
    expect(toHost[0]).toEqual([APP_RELAY_TO_HOST, { i: 0 }]);
    tick(1000);
    r.toHost({ i: 'next' });
    expect(toHost.at(-1)).toEqual([APP_RELAY_TO_HOST, { i: 'next' }]);
  });

  it("hands the host's messages to one listener only, the first (the proxy's), without the IPC event", () => {
    const { relay: r, fromHost } = relay();
    fromHost({ sender: 'x' }, { early: true }); // before the proxy listens: dropped, never queued
    const heard: unknown[][] = [];
    expect(r.onHost((...args) => void heard.push(args))).toBe(true);
    expect(r.onHost(() => undefined)).toBe(false);
    expect(r.onHost('not a function' as never)).toBe(false);
    fromHost({ sender: 'x' }, { id: 1 });
    expect(heard).toEqual([[{ id: 1 }]]);
  });
});
