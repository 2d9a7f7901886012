import { describe, expect, it } from 'vitest';
import { APP_MESSAGES_PER_SECOND, SandboxTransport, type FloodReport } from './sandbox-transport';
import { fileName } from './downloads';
import { WebviewTransport } from './webview-transport';

const SANDBOX = 'http://127.0.0.1:40001';
const ping = (id: number) => ({ jsonrpc: '2.0' as const, id, method: 'ping' });

function setup() {
  const frame = {
    postMessage: (message: unknown, origin: string) => sent.push({ message, origin }),
  } as unknown as Window;
  const sent: { message: unknown; origin: string }[] = [];
  let now = 1_000_000;
  const floods: FloodReport[] = [];
  const transport = new SandboxTransport(() => frame, SANDBOX, {
    now: () => now,
    onFlood: (report) => floods.push(report),
  });
  const received: unknown[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error);
  return { transport, frame, sent, received, errors, floods, tick: (ms: number) => (now += ms) };
}

describe("the app bridge's transport to the sandbox proxy", () => {
  it('posts to exactly the sandbox origin, never *', async () => {
    const { transport, sent } = setup();
    await transport.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} });
    expect(sent).toEqual([
      { message: { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} }, origin: SANDBOX },
    ]);
  });

  it('reads only the proxy frame at the sandbox origin: another window, the console origin or an opaque origin are ignored', () => {
    const { transport, frame, received } = setup();
    transport.receive({ source: frame, origin: SANDBOX, data: ping(1) });
    transport.receive({ source: window, origin: SANDBOX, data: ping(2) });
    transport.receive({ source: frame, origin: 'null', data: ping(3) });
    transport.receive({ source: frame, origin: 'http://127.0.0.1:7345', data: ping(4) });
    expect(received).toEqual([ping(1)]);
  });

  it('drops what is not JSON-RPC, and a message over 1 MiB, as errors, never throwing into the console', () => {
    const { transport, frame, received, errors } = setup();
    transport.receive({ source: frame, origin: SANDBOX, data: 'hello' });
    transport.receive({
      source: frame,
      origin: SANDBOX,
      data: { jsonrpc: '2.0', method: 'x', params: { big: 'x'.repeat(1024 * 1024 + 1) } },
    });
    expect(received).toEqual([]);
    expect(errors).toHaveLength(2);
  });

  it(`bounds a flood: ${APP_MESSAGES_PER_SECOND} a second pass, the rest are dropped and reported, and the next second works again`, () => {
    const { transport, frame, received, floods, tick } = setup();
    for (let i = 0; i < 5000; i++) transport.receive({ source: frame, origin: SANDBOX, data: ping(i) });
    expect(received).toHaveLength(APP_MESSAGES_PER_SECOND);
    expect(floods).toEqual([{ dropped: 1, total: 1 }]);
    tick(1000);
    transport.receive({ source: frame, origin: SANDBOX, data: ping(9999) });
    expect(received).toHaveLength(APP_MESSAGES_PER_SECOND + 1);
    expect(floods.at(-1)).toEqual({ dropped: 5000 - APP_MESSAGES_PER_SECOND, total: 5000 - APP_MESSAGES_PER_SECOND });
  });
});

describe('a downloaded file name', () => {
  it('keeps the last segment and nothing a file system reads as a path', () => {
    expect(fileName('ui://app/report.csv')).toBe('report.csv');
    expect(fileName('file:///etc/../..')).toBe('download');
    expect(fileName('x/a<b>:c|d?.txt')).toBe('a_b__c_d_.txt');
  });
});

describe("the app bridge's transport to the desktop's <webview>", () => {
  function webview(attached = true) {
    const sent: unknown[][] = [];
    const element = Object.assign(new EventTarget(), {
      attached,
      send(channel: string, ...args: unknown[]) {
        // Electron's element throws until its guest is attached.
        if (!element.attached) throw new Error('The WebView must be attached to the DOM');
        sent.push([channel, ...args]);
      },
    });
    return { element, sent };
  }

  it('sends on the relay channel, reads only the relay channel with one message, with the same flood bound', async () => {
    const { element, sent } = webview();
    const floods: FloodReport[] = [];
    const transport = new WebviewTransport(() => element, { onFlood: (report) => floods.push(report), now: () => 5 });
    const received: unknown[] = [];
    transport.onmessage = (message) => received.push(message);
    await transport.start();
    await transport.send(ping(1));
    expect(sent).toEqual([['mcp-app:to-proxy', ping(1)]]);
    const ipc = (channel: string, args: unknown[]) =>
      element.dispatchEvent(Object.assign(new Event('ipc-message'), { channel, args }));
    ipc('mcp-app:to-host', [ping(2)]);
    ipc('other', [ping(3)]);
    ipc('mcp-app:to-host', [ping(4), ping(5)]);
    ipc('mcp-app:to-host', []);
    expect(received).toEqual([ping(2)]);
    for (let i = 0; i < 100; i++) ipc('mcp-app:to-host', [ping(i)]);
    expect(received).toHaveLength(APP_MESSAGES_PER_SECOND);
    expect(floods).toEqual([{ dropped: 1, total: 1 }]);
    await transport.close();
    ipc('mcp-app:to-host', [ping(6)]);
    expect(received).toHaveLength(APP_MESSAGES_PER_SECOND);
  });

  it('a message sent before the guest is attached goes once it is ready', async () => {
    const { element, sent } = webview(false);
    const transport = new WebviewTransport(() => element);
    await transport.start();
    const sending = transport.send(ping(1));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toEqual([]);
    element.attached = true;
    element.dispatchEvent(new Event('dom-ready'));
    await sending;
    expect(sent).toEqual([['mcp-app:to-proxy', ping(1)]]);
  });
});
