import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { BuiltinServers } from '../core/mcp';
import { MODERN_REVISION } from '../core/mcp/protocol-era';

const warmUps = vi.hoisted(() => ({ calls: [] as boolean[] }));
vi.mock('./classification-warm-up', async (importOriginal) => {
  const real = await importOriginal<typeof import('./classification-warm-up')>();
  return {
    warmUpRequestClassification: async () => {
      const modern = await real.warmUpRequestClassification();
      warmUps.calls.push(modern);
      return modern;
    },
  };
});

const { warmUpRequestClassification } = await import('./classification-warm-up');
const { createBuiltinServers } = await import('./builtin-servers');

let servers: BuiltinServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
  warmUps.calls.length = 0;
});

describe('the server SDK’s request schemas, built before the embedded shop’s first request', () => {
  it('classifies its request as the 2026-07-28 era, the path that builds those schemas', async () => {
    expect(await warmUpRequestClassification()).toBe(true);
  });

  it('runs once as the shop starts, before the shop is handed out, and the shop still answers', async () => {
    servers = createBuiltinServers();
    const { url, headers } = await servers.resolveBuiltin('shop');
    expect(warmUps.calls).toEqual([true]);
    // A 2026-07-28 client's first request, served as that era.
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN_REVISION,
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            [PROTOCOL_VERSION_META_KEY]: MODERN_REVISION,
            [CLIENT_INFO_META_KEY]: { name: 'test', version: '0' },
            [CLIENT_CAPABILITIES_META_KEY]: {},
          },
        },
      }),
    });
    const answer = await response.text();
    expect(response.status, answer).toBe(200);
    expect(answer).toContain('"supportedVersions"');
  });
});
