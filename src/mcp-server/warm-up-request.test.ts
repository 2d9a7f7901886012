import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { warmUpModernHandler } from './warm-up-request';

describe('the first 2026-07-28 request, served in memory before the first client’s', () => {
  it('is answered by the handler, with a server made for it like any request’s', async () => {
    let made = 0;
    const handler = createMcpHandler(() => (made++, new McpServer({ name: 'warm', version: '0' })), {
      legacy: 'reject',
    });
    expect(await warmUpModernHandler(handler)).toBe(true);
    expect(made).toBe(1);
    await handler.close();
  });

  it('serves it on a later turn of the event loop than the caller’s: the timers due meanwhile run first', async () => {
    const log: string[] = [];
    const handler = { fetch: async () => (log.push('served'), new Response('{"supportedVersions":[]}')) };
    setTimeout(() => log.push('timer'), 0);
    const until = performance.now() + 3;
    while (performance.now() < until); // the timer is due
    await warmUpModernHandler(handler);
    expect(log).toEqual(['timer', 'served']);
  });
});
