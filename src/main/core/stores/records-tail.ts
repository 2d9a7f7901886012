import { open } from 'node:fs/promises';
import type { ExecutionRecord } from '../../../shared/contract';
import { forEachJsonLine } from './jsonl-reader';
import { summaryOf } from './records-summary';
import { RecordTable } from './records-table';

/**
 * The last lines of records.jsonl (up to `bytes` before `end`), indexed: the newest records, which the Records page
 * lists first, while the whole file is still being indexed. Starts at the first whole line within the window.
 */
export async function readRecordsTail(path: string, end: number, bytes: number): Promise<RecordTable> {
  const table = new RecordTable();
  const from = Math.max(0, end - bytes);
  const start = from === 0 ? 0 : await nextLineStart(path, from, end);
  if (start === undefined) return table;
  await forEachJsonLine<ExecutionRecord>(path, (record, at) => void table.addSummary(summaryOf(record), at), {
    start,
    end,
  });
  return table;
}

/** The offset just after the first newline at or after `from - 1` (so a window that starts on a line is kept whole). */
async function nextLineStart(path: string, from: number, end: number): Promise<number | undefined> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(end - from + 1, 1 << 20));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, from - 1);
    const newline = buffer.subarray(0, bytesRead).indexOf(0x0a);
    return newline === -1 ? undefined : from + newline;
  } finally {
    await file.close();
  }
}
