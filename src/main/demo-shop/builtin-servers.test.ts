import { describe, expect, it, vi } from 'vitest';

const log = vi.hoisted(() => [] as string[]);
vi.mock('../../mcp-server/shop-server', () => ({
  // The shop's start as it ends: in an I/O callback (its listen), a timer due by the time it is over.
  startShopServer: async ({ token }: { token: string }) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    setTimeout(() => log.push('timer'), 0);
    const until = performance.now() + 3;
    while (performance.now() < until);
    log.push('started');
    return { url: 'http://127.0.0.1:9/mcp', port: 9, token, close: async () => undefined };
  },
}));
vi.mock('./classification-warm-up', () => ({ warmUpRequestClassification: async () => true }));

const { createBuiltinServers } = await import('./builtin-servers');

describe('the embedded shop, started on first use', () => {
  it('hands the loop back between its start and the caller’s first connection: the timers due run first', async () => {
    const servers = createBuiltinServers();
    const { url, headers } = await servers.resolveBuiltin('shop');
    log.push('connecting');
    expect(url).toBe('http://127.0.0.1:9/mcp');
    expect(headers?.Authorization).toMatch(/^Bearer /);
    expect(log).toEqual(['started', 'timer', 'connecting']);
    await servers.close();
  });
});
