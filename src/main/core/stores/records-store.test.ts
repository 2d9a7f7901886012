import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord } from '../../../shared/contract';
import { executionRecord } from '../../../../tests/support/agent/execution-record';
import { JsonlAppender, readJsonLines } from './jsonl-file';
import { encodeRecord, RecordsStore, serializeRecord } from './records-store';
import { NotFound } from '../errors';

const record = (id: string, result: unknown = { content: [{ type: 'text', text: `结果 ${id}` }] }): ExecutionRecord =>
  executionRecord(id, { result });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-records-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('RecordsStore', () => {
  it('reads a result back from disk, before and after a restart, with the summary in the list', async () => {
    const store = new RecordsStore(dir);
    await store.open();
    await store.append(record('r_1'));
    await store.append(record('r_2', { big: 'x'.repeat(100_000) }));
    expect(store.list().map((r) => r.id)).toEqual(['r_2', 'r_1']);
    expect(store.list()[0]).not.toHaveProperty('result');
    expect(await store.get('r_1')).toEqual(record('r_1'));
    expect(((await store.get('r_2')).result as { big: string }).big).toHaveLength(100_000);
    await store.close();

    const again = new RecordsStore(dir);
    await again.open();
    expect(await again.get('r_2')).toEqual(record('r_2', { big: 'x'.repeat(100_000) }));
    await again.append(record('r_3'));
    expect(await again.get('r_3')).toEqual(record('r_3'));
    expect(again.count()).toBe(3);
    await again.close();
  });

  it('uses the serialised result it is given, so the line holds exactly that JSON', async () => {
    const store = new RecordsStore(dir);
    await store.open();
    const result = { content: [{ type: 'text', text: 'a\nb "quoted"' }] };
    await store.append(record('r_1', result), JSON.stringify(result));
    await store.close();
    const [line] = await readJsonLines<ExecutionRecord>(join(dir, 'records.jsonl'));
    expect(line).toEqual(record('r_1', result));
  });

  it('a record made durable elsewhere is given as bytes encoded part by part: read back before and after its batch is written, its line byte for byte the serialised one', async () => {
    const store = new RecordsStore(dir);
    await store.open();
    const { result, ...summary } = record('r_1', { content: [{ type: 'text', text: '耳机 "已发货"\n😀' }] });
    const bytes = encodeRecord(summary, JSON.stringify(result));
    expect(bytes.equals(Buffer.from(serializeRecord(summary, JSON.stringify(result))))).toBe(true);
    store.appendDurableElsewhere(summary, bytes);
    expect(await store.get('r_1')).toEqual(record('r_1', result)); // still batched in memory
    store.flush();
    expect(await readFile(join(dir, 'records.jsonl'))).toEqual(Buffer.concat([bytes, Buffer.from('\n')]));
    expect(await store.get('r_1')).toEqual(record('r_1', result)); // from the file
    await store.close();
  });

  it('an unknown id is not_found; a line changed under it is found again by a scan', async () => {
    const store = new RecordsStore(dir);
    await store.open();
    await expect(store.get('r_missing')).rejects.toBeInstanceOf(NotFound);
    await store.append(record('r_1'));
    await store.append(record('r_2'));
    await store.close();
    // Something rewrote the file (a copy restored by hand): offsets no longer point at r_2's line.
    const lines = (await readFile(join(dir, 'records.jsonl'), 'utf8')).trim().split('\n');
    await writeFile(join(dir, 'records.jsonl'), `${lines[1]}\n${lines[0]}\n`);
    expect((await store.get('r_2')).id).toBe('r_2');
  });

  it('after a torn last line, the next record is still whole and every earlier one is kept', async () => {
    const store = new RecordsStore(dir);
    await store.open();
    await store.append(record('r_1'));
    await store.close();
    await appendFile(join(dir, 'records.jsonl'), '{"id":"r_torn","conv'); // a crash mid-write

    const again = new RecordsStore(dir);
    await again.open();
    expect(again.list().map((r) => r.id)).toEqual(['r_1']);
    await again.append(record('r_2'));
    await again.close();

    const third = new RecordsStore(dir);
    await third.open();
    expect(third.list().map((r) => r.id)).toEqual(['r_2', 'r_1']);
    expect(await third.get('r_2')).toEqual(record('r_2'));
  });

  it('a record whose write failed stays readable from memory, and the failure reaches the caller', async () => {
    const store = new RecordsStore(join(dir, 'records-dir'));
    await store.open();
    await rm(join(dir, 'records-dir'), { recursive: true }); // the directory vanished: the open fails
    await expect(store.append(record('r_1'))).rejects.toThrow();
    expect(await store.get('r_1')).toEqual(record('r_1'));
  });
});

describe('JsonlAppender', () => {
  it('reports where each line of a batch landed', async () => {
    const path = join(dir, 'log.jsonl');
    await writeFile(path, '{"a":1}\n');
    const log = new JsonlAppender(path);
    const [first, second] = await Promise.all([log.append({ b: '二' }), log.append({ c: 3 })]);
    await log.close();
    const bytes = await readFile(path);
    expect(JSON.parse(bytes.toString('utf8', first.offset, first.offset + first.length))).toEqual({ b: '二' });
    expect(JSON.parse(bytes.toString('utf8', second.offset, second.offset + second.length))).toEqual({ c: 3 });
    expect(second.offset + second.length).toBe(bytes.length);
  });

  it('a deferred line keeps its place among plain lines, is made only when written, and one that fails to be made is refused alone', async () => {
    const path = join(dir, 'log.jsonl');
    const log = new JsonlAppender(path);
    let made = 0;
    const deferred = log.appendDeferred(() => {
      made++;
      return JSON.stringify({ n: 1 });
    });
    const refused = log.appendDeferred(() => {
      throw new Error('cyclic');
    });
    expect(made).toBe(0); // not in the caller's path
    const plain = log.append({ n: 2 });
    await Promise.all([deferred, plain]);
    await expect(refused).rejects.toThrow('cyclic');
    expect(made).toBe(1);
    const alone = log.appendDeferred(() => JSON.stringify({ n: 3 }));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(alone).resolves.toMatchObject({ length: 8 }); // written by the end of that turn of the loop, unasked
    await log.close();
    expect(await readJsonLines(path)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('a line given in parts (text and bytes already encoded) is written whole, its location in bytes exact, in one batch with others', async () => {
    const path = join(dir, 'log.jsonl');
    const log = new JsonlAppender(path);
    const record = Buffer.from(JSON.stringify({ id: 'r1', text: '耳机 🎧' }));
    const plain = log.append({ a: '一' });
    const parts = log.appendLine(['{"t":"toolResult","record":', record, '}']);
    const deferred = log.appendDeferred(() => [record]);
    const [first, second, third] = await Promise.all([plain, parts, deferred]);
    await log.close();
    const bytes = await readFile(path);
    const at = (l: { offset: number; length: number }) =>
      JSON.parse(bytes.toString('utf8', l.offset, l.offset + l.length));
    expect(at(first)).toEqual({ a: '一' });
    expect(at(second)).toEqual({ t: 'toolResult', record: { id: 'r1', text: '耳机 🎧' } });
    expect(at(third)).toEqual({ id: 'r1', text: '耳机 🎧' });
    expect(third.offset + third.length).toBe(bytes.length);
    expect(await readJsonLines(path)).toHaveLength(3);
  });

  it('grouped deferred lines share one write: at writePending, with an earlier flush, or within laterMs; a plain deferred one still goes at the end of the loop turn', async () => {
    const path = join(dir, 'log.jsonl');
    const log = new JsonlAppender(path, 40);
    const turnEnd = () => new Promise((resolve) => setImmediate(resolve));
    const grouped = [1, 2].map((n) => log.appendDeferred(() => JSON.stringify({ n }), { group: true }));
    await turnEnd();
    expect(await readFile(path, 'utf8').catch(() => '')).toBe(''); // still waiting for the step's next lines
    log.writePending();
    await Promise.all(grouped);
    expect(await readJsonLines(path)).toEqual([{ n: 1 }, { n: 2 }]);

    const third = log.appendDeferred(() => JSON.stringify({ n: 3 }), { group: true });
    const fourth = log.appendDeferred(() => JSON.stringify({ n: 4 })); // not grouped: takes the waiting one along
    await turnEnd();
    await Promise.all([third, fourth]);
    expect(await readJsonLines(path)).toHaveLength(4);

    const started = Date.now();
    await log.appendDeferred(() => JSON.stringify({ n: 5 }), { group: true }); // unasked: within laterMs
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    await log.close();
    expect((await readJsonLines(path)).map((l) => (l as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
  });
});
