import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RecordsStore } from '../src/main/core/stores/records-store';
import { executionRecord } from '../tests/support/agent/execution-record';
import { metric, type Scenario } from './report';

/**
 * Scenario 8: the first Records page against the whole records index, in the same run. A records.jsonl of 100,000
 * records is opened as the console opens it (RecordsStore: its tail read first, the rest indexed in a worker); the
 * first page is records.list's default (500, newest first) as soon as open() resolves; the index is full when
 * whenIndexed() resolves. Before issue 29 the console served nothing until the whole index was read (~2 s).
 * Target: the first page is answered before the index finishes (ratio < 1).
 */
const RECORDS = 100_000;

export const recordsIndexScenario: Scenario = async ({ quick, log }) => {
  const count = quick ? 30_000 : RECORDS;
  const reps = quick ? 2 : 5;
  const dir = await mkdtemp(join(tmpdir(), 'sb-bench-records-'));
  try {
    const lines: string[] = [];
    for (let n = 0; n < count; n++)
      lines.push(
        JSON.stringify(
          executionRecord(`r_${n}`, {
            conversationId: `c_${n % 150}`,
            tool: n % 2 ? 'query_order' : 'query_logistics',
            arguments: { keyword: `耳机 ${n}` },
            status: n % 9 ? 'success' : 'error',
            result: { content: [{ type: 'text', text: `订单 ${n} 已发货，运单号 BIT91000${n}` }] },
            durationMs: n % 400,
          }),
        ),
      );
    await writeFile(join(dir, 'records.jsonl'), `${lines.join('\n')}\n`);
    log(`  data: ${count.toLocaleString('en')} records`);
    const firstPage: number[] = [];
    const fullIndex: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const started = performance.now();
      const store = new RecordsStore(dir);
      await store.open();
      const page = store.list({ limit: 500 });
      firstPage.push(performance.now() - started);
      if (page.length !== 500 || page[0].id !== `r_${count - 1}`)
        throw new Error('the first page is not the newest 500');
      await store.whenIndexed();
      fullIndex.push(performance.now() - started);
      if (store.count() !== count) throw new Error(`indexed ${store.count()} of ${count} records`);
      await store.close();
    }
    return {
      metrics: [
        metric({
          id: 'first-page',
          label: `first Records page (500 of ${count.toLocaleString('en')})`,
          unit: 'ms',
          values: firstPage,
          baseline: { label: 'the whole index', values: fullIndex },
          paired: true,
          target: { text: 'served before the index finishes', on: 'ratio', op: '<', value: 1 },
        }),
      ],
      notes: [
        `records.jsonl with ${count.toLocaleString('en')} records; each repetition opens it afresh, timing the first page and the full index from the same start.`,
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
