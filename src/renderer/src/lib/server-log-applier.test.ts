import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ServerLogEntry, ServerLogView } from '../../../shared/contract';
import { APPLIED_BY } from './invalidation';

const line = (seq: number): ServerLogEntry => ({
  seq,
  at: new Date(0).toISOString(),
  source: 'server',
  level: 'info',
  logger: null,
  text: `line ${seq}`,
});
const held = (entries: ServerLogEntry[], capacity = 3): ServerLogView => ({
  name: 'a',
  entries,
  capacity,
  level: null,
  canSetLevel: true,
});

describe('servers.logged applied to a held log', () => {
  it('appends new lines, drops the oldest past the ring capacity, ignores lines already held and other servers', () => {
    const cache = new QueryClient();
    cache.setQueryData(['servers.logs', { name: 'a' }], held([line(1), line(2)]));
    APPLIED_BY['servers.logged']!(cache, { name: 'a', entries: [line(2), line(3), line(4)] });
    expect(cache.getQueryData<ServerLogView>(['servers.logs', { name: 'a' }])!.entries.map((e) => e.seq)).toEqual([
      2, 3, 4,
    ]);
    APPLIED_BY['servers.logged']!(cache, { name: 'b', entries: [line(9)] });
    expect(cache.getQueryData(['servers.logs', { name: 'b' }])).toBeUndefined();
    expect(cache.getQueryData<ServerLogView>(['servers.logs', { name: 'a' }])!.entries.map((e) => e.seq)).toEqual([
      2, 3, 4,
    ]);
  });
});
