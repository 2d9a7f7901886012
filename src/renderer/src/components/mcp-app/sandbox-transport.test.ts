import { describe, expect, it } from 'vitest';
import { APP_MESSAGES_PER_SECOND, SandboxTransport, type FloodReport } from './sandbox-transport';
import { fileName } from './downloads';

const SANDBOX = 'http://127.0.0.1:40001';
const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

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
