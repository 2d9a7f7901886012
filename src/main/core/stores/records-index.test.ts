import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord, RecordSummary } from '../../../shared/contract';
import { executionRecord } from '../../../../tests/support/agent/execution-record';
import type { LineLocation } from './jsonl-file';
import { readRecordsIndex, startRecordsIndexWorker } from './records-index';
import { RecordsStore } from './records-store';
import { summaryOf } from './records-summary';
import { RecordTable } from './records-table';

const record = (n: number): ExecutionRecord =>
  executionRecord(`r_${n}`, {
    conversationId: `c_${n % 3}`,
    tool: n % 2 ? 'query_order' : 'track_package',
    arguments: { keyword: `耳机 ${n}` },
    status: n % 5 ? 'success' : 'error',
    result: { content: [{ type: 'text', text: `结果 ${n} 🎧 ${'x'.repeat(n % 7)}` }] },
    durationMs: n,
  });

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-records-index-'));
  path = join(dir, 'records.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** 600 records (more than two of the worker's batches), a torn line a crash left in the middle (later closed off by a newline) and one at the end. */
async function writeRecords(): Promise<ExecutionRecord[]> {
  const records = Array.from({ length: 600 }, (_, n) => record(n));
  const lines = records.map((r) => JSON.stringify(r));
  lines.splice(300, 0, '{"id":"r_torn_middle","conversationId":"c_1","re');
  await writeFile(path, `${lines.join('\n')}\n{"id":"r_torn_last","conv`);
  return records;
}

type Indexed = { summary: RecordSummary; at: string | LineLocation | undefined };

/** What the table holds, slot by slot. */
function contents(table: RecordTable): Indexed[] {
  return Array.from({ length: table.size }, (_, slot) => ({ summary: table.summary(slot), at: table.where(slot) }));
}

/** What the last read logged. */
let logged: string[] = [];

async function read(startWorker?: (path: string) => Worker): Promise<Indexed[]> {
  const table = new RecordTable();
  logged = [];
  await readRecordsIndex(path, table, { inlineMaxBytes: 0, startWorker, log: (line) => logged.push(line) });
  return contents(table);
}

describe('the records index read in a worker thread', () => {
  it('gives what the read on this thread gives: every whole record in file order with its line, torn lines skipped', async () => {
    const records = await writeRecords();
    let started = 0;
    const inWorker = await read((p) => (started++, startRecordsIndexWorker(p)));
    expect(started).toBe(1);
    expect(logged).toEqual([]);
    const table = new RecordTable();
    await readRecordsIndex(path, table, {
      inlineMaxBytes: Infinity,
      startWorker: () => expect.fail('no worker for a small file'),
    });
    expect(inWorker).toEqual(contents(table));
    expect(inWorker.map((e) => e.summary)).toEqual(records.map(summaryOf));
    expect(inWorker[0].summary).not.toHaveProperty('result');
  });

  it('a worker that dies part-way leaves the rest to this thread: every record once, in order', async () => {
    const records = await writeRecords();
    let killed = false;
    const seen = await read((p) => {
      const worker = startRecordsIndexWorker(p);
      worker.once('message', () => void worker.terminate().then(() => (killed = true)));
      return worker;
    });
    expect(killed).toBe(true);
    expect(seen.map((e) => e.summary.id)).toEqual(records.map((r) => r.id));
    expect(logged).toEqual([
      expect.stringMatching(
        new RegExp(
          `^records index: the worker exited early \\(code 1\\); reading the rest of \\(from byte [1-9]\\d*\\) ${path} on the main thread$`,
        ),
      ),
    ]);
  });

  it('a worker that cannot start, or fails before its first batch, leaves the whole file to this thread', async () => {
    const records = await writeRecords();
    const ids = records.map((r) => r.id);
    expect(
      (
        await read(() => {
          throw new Error('config-worker.js is not beside the build');
        })
      ).map((e) => e.summary.id),
    ).toEqual(ids);
    expect(logged).toEqual([
      `records index: the worker could not start (config-worker.js is not beside the build); reading ${path} on the main thread`,
    ]);
    const broken = () => new Worker('throw new Error("the worker broke")', { eval: true });
    expect((await read(broken)).map((e) => e.summary.id)).toEqual(ids);
    expect(logged).toEqual([`records index: the worker failed (the worker broke); reading ${path} on the main thread`]);
  });

  it('an unreadable records file fails the open with its own error, as on this thread; a missing one has no records and starts no worker', async () => {
    await mkdir(path); // a directory where the file should be: opening works, reading fails
    await expect(read()).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(new RecordsStore(dir, undefined, { inlineMaxBytes: 0 }).open()).rejects.toMatchObject({
      code: 'EISDIR',
    });
    await rm(path, { recursive: true });
    expect(await read(() => expect.fail('no worker for a missing file'))).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'the worker runs at the lowest priority, below the main thread: on a busy machine the index waits, not the window',
    async () => {
      // Enough records that the worker, never asked for a second batch, waits with its batches parsed (alive).
      await writeFile(path, `${Array.from({ length: 6_000 }, (_, n) => JSON.stringify(record(n))).join('\n')}\n`);
      // Threads at nice 19 by id: other test files' workers may share this process, so only a new one counts.
      const lowestPriorityThreads = () =>
        readdirSync('/proc/self/task').filter((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === 19; // field 19, nice
        });
      const before = new Set(lowestPriorityThreads());
      expect(before.has(String(process.pid))).toBe(false); // the main thread is never lowered
      const worker = startRecordsIndexWorker(path);
      try {
        await new Promise((resolve) => worker.once('message', resolve));
        expect(lowestPriorityThreads().filter((tid) => !before.has(tid))).not.toEqual([]);
        expect(lowestPriorityThreads()).not.toContain(String(process.pid));
      } finally {
        await worker.terminate();
      }
    },
  );

  it('RecordsStore opened through the worker lists, finds and reads back records; the torn ones are missing, so restore() brings them back', async () => {
    const records = await writeRecords();
    const store = new RecordsStore(dir, undefined, { inlineMaxBytes: 0 });
    await store.open();
    expect(store.count()).toBe(600);
    expect(store.list({ limit: 2 }).map((r) => r.id)).toEqual(['r_599', 'r_598']);
    expect(store.list({ conversationId: 'c_1', status: 'error', limit: 1000 }).map((r) => r.id)).toEqual(
      records
        .filter((r) => r.conversationId === 'c_1' && r.status === 'error')
        .map((r) => r.id)
        .reverse(),
    );
    expect(await store.get('r_450')).toEqual(records[450]);
    expect(store.has('r_torn_middle')).toBe(false);
    const torn = { ...record(9_000), id: 'r_torn_middle' };
    expect(await store.restore([torn, records[3]])).toBe(1);
    await store.close();

    const again = new RecordsStore(dir, undefined, { inlineMaxBytes: 0 });
    await again.open();
    expect(again.count()).toBe(601);
    expect(await again.get('r_torn_middle')).toEqual(torn);
    expect(await again.get('r_599')).toEqual(records[599]);
  });
});
