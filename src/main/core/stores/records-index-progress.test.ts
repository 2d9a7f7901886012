import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord, RecordsIndexStatus } from '../../../shared/contract';
import { executionRecord } from '../../../../tests/support/agent/execution-record';
import { EventBus } from '../events';
import { openAgentStores } from '../agent/runtime';
import { RecordsStore } from './records-store';

/**
 * Issue 29: the console served nothing until the whole records index was read (~2 s at 100,000 records). Now a
 * large records.jsonl is indexed in the background: open() resolves once its tail is read, the first page is
 * answered from it, and the index's progress is told (indexStatus, records.indexProgressed) until it is full.
 */
const COUNT = 40_000;
const record = (n: number): ExecutionRecord =>
  executionRecord(`r_${n}`, {
    conversationId: `c_${n % 7}`,
    tool: n % 2 ? 'query_order' : 'track_package',
    arguments: { keyword: `耳机 ${n}` },
    status: n % 5 ? 'success' : 'error',
    result: { content: [{ type: 'text', text: `结果 ${n}` }] },
    durationMs: n,
  });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-records-progress-'));
  await writeFile(
    join(dir, 'records.jsonl'),
    `${Array.from({ length: COUNT }, (_, n) => JSON.stringify(record(n))).join('\n')}\n`,
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function progressOf(events: EventBus): RecordsIndexStatus[] {
  const told: RecordsIndexStatus[] = [];
  events.subscribe((name, payload) => {
    if (name === 'records.indexProgressed') told.push(payload as RecordsIndexStatus);
  });
  return told;
}

describe('a large records index fills in the background', () => {
  it('answers the first page from the tail before the index is complete, then from the whole index', async () => {
    const events = new EventBus();
    const told = progressOf(events);
    const store = new RecordsStore(dir, events, { tailBytes: 64 * 1024 });
    await store.open();
    try {
      const early = store.indexStatus();
      expect(early.done).toBe(false);
      expect(early.loaded).toBeLessThan(COUNT);
      // The estimate from the tail's records per byte is near the real count.
      expect(early.total).toBeGreaterThan(COUNT * 0.8);
      expect(early.total).toBeLessThan(COUNT * 1.2);
      const first = store.list({ limit: 50 });
      expect(store.indexStatus().done).toBe(false); // answered before the index finished
      expect(first.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => `r_${COUNT - 1 - i}`));
      expect(store.list({ status: 'error', limit: 3 }).map((r) => r.id)).toEqual(['r_39995', 'r_39990', 'r_39985']);
      // A record appended while the index fills is the newest either way; one only the full index has is waited for.
      await store.append(record(COUNT));
      expect(store.list({ limit: 2 }).map((r) => r.id)).toEqual([`r_${COUNT}`, `r_${COUNT - 1}`]);
      expect(store.has('r_5')).toBe(false);
      expect(store.knows('r_5')).toBeUndefined();
      expect((await store.get('r_5')).durationMs).toBe(5);

      await store.whenIndexed();
      expect(store.indexStatus()).toEqual({ loaded: COUNT, total: COUNT, done: true });
      expect(told.at(-1)).toEqual({ loaded: COUNT, total: COUNT, done: true });
      expect(store.knows('r_5')).toBe(true);
      expect(store.knows('r_nope')).toBe(false);
      expect(store.count()).toBe(COUNT + 1);
      expect(store.list({ limit: 3 }).map((r) => r.id)).toEqual([`r_${COUNT}`, `r_${COUNT - 1}`, `r_${COUNT - 2}`]);
      expect(store.list({ conversationId: 'c_0', limit: 100_000 })).toHaveLength(Math.ceil(COUNT / 7));
    } finally {
      await store.close();
    }
    // The appended record was written after where the index stopped: the next open finds it once, at the top.
    const again = new RecordsStore(dir, undefined, { tailBytes: 64 * 1024 });
    await again.open();
    await again.whenIndexed();
    expect(again.count()).toBe(COUNT + 1);
    expect(again.list({ limit: 1 })[0].id).toBe(`r_${COUNT}`);
    await again.close();
  });

  it('closing while the index fills stops it, and a small file is indexed before open() resolves', async () => {
    const store = new RecordsStore(dir, undefined, { tailBytes: 64 * 1024 });
    await store.open();
    await store.close(); // does not wait for the whole file
    expect(store.closed).toBe(true);

    const small = join(dir, 'small');
    await mkdir(small);
    await writeFile(join(small, 'records.jsonl'), `${JSON.stringify(record(1))}\n`);
    const quick = new RecordsStore(small);
    await quick.open();
    expect(quick.indexStatus()).toEqual({ loaded: 1, total: 1, done: true });
    await quick.close();
  });

  it('a record a crash left only in a conversation log is restored once the index is full, not before', async () => {
    await mkdir(join(dir, 'conversations'));
    const lost = { ...record(COUNT + 5), conversationId: 'c_x' };
    const kept = record(17); // in records.jsonl, far from its tail
    const at = '2026-12-05T00:00:00.000Z';
    const meta = {
      t: 'meta',
      summary: { id: 'c_x', title: 'x', actingIdentity: 'u1001', modelLabel: 'demo', createdAt: at, updatedAt: at },
    };
    const toolLine = (r: ExecutionRecord) => ({
      t: 'toolResult',
      item: {
        kind: 'tool',
        id: `call_${r.id}`,
        turnId: 't1',
        toolName: r.tool,
        server: r.server,
        arguments: r.arguments,
        status: 'success',
        resultText: 'ok',
        recordId: r.id,
        startedAt: r.startedAt,
      },
      record: r,
    });
    await writeFile(
      join(dir, 'conversations', 'c_x.jsonl'),
      `${[meta, toolLine(kept), toolLine(lost)].map((l) => JSON.stringify(l)).join('\n')}\n`,
    );
    const { records, store } = await openAgentStores(dir, new EventBus());
    try {
      expect(records.has(lost.id)).toBe(false);
      await records.whenIndexed();
      await new Promise((resolve) => setTimeout(resolve, 200)); // the repair runs after the index, in the background
      expect(records.has(lost.id)).toBe(true);
      expect(records.count()).toBe(COUNT + 1); // the kept one is not appended twice
    } finally {
      await records.close();
      await store.close();
    }
  });
});
