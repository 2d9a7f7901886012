import { open } from 'node:fs/promises';
import { Slices } from '../slices';
import type { LineLocation } from './jsonl-file';

export interface ReadOptions {
  /** How long the reader (and `visit`) may hold the event loop before handing it back. */
  sliceMs?: number;
  /** Bytes read per file read. */
  chunkBytes?: number;
  /** Where to start reading, in bytes: the start of a line (where an earlier read left off). */
  start?: number;
  /** Where to stop reading, in bytes (default: the end of the file): what was there when a read began. */
  end?: number;
  /** Awaited between slices instead of handing the event loop back (a worker thread pausing for its reader). */
  between?: () => Promise<void>;
}

const CHUNK_BYTES = 1 << 20;

/**
 * Calls `visit` with each JSON line of the file and where it sits, reading a chunk at a time and handing the
 * event loop back every few milliseconds: parsing a records.jsonl of 100,000 lines in one go held the main
 * process (and the window it serves) for seconds at start-up. A torn or corrupt line is skipped; a missing
 * file has no lines. `visit` returning false stops the read.
 */
export async function forEachJsonLine<T>(
  path: string,
  visit: (value: T, at: LineLocation) => boolean | void,
  options: ReadOptions = {},
): Promise<void> {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    let carry: Buffer = Buffer.alloc(0);
    /** The file offset of carry[0]. */
    let carryAt = options.start ?? 0;
    let position = carryAt;
    const slices = new Slices(options.sliceMs);
    for (;;) {
      const chunk = Buffer.allocUnsafe(chunkBytes);
      const want = options.end === undefined ? chunkBytes : Math.max(0, Math.min(chunkBytes, options.end - position));
      const { bytesRead } = want ? await file.read(chunk, 0, want, position) : { bytesRead: 0 };
      position += bytesRead;
      const done = bytesRead === 0;
      const bytes = done
        ? carry
        : carry.length
          ? Buffer.concat([carry, chunk.subarray(0, bytesRead)])
          : chunk.subarray(0, bytesRead);
      let start = 0;
      for (;;) {
        const newline = bytes.indexOf(0x0a, start);
        if (newline === -1 && !done) break; // the rest of this line is in the next chunk
        const end = newline === -1 ? bytes.length : newline + 1;
        if (end <= start) break;
        const text = bytes.toString('utf8', start, end).trim();
        if (text) {
          let value: T | undefined;
          try {
            value = JSON.parse(text) as T;
          } catch {
            // A torn last line from a crash mid-write: everything before it is intact.
          }
          if (value !== undefined && visit(value, { offset: carryAt + start, length: end - start }) === false) return;
        }
        start = end;
        if (slices.due) {
          if (options.between) {
            await options.between();
            slices.restart();
          } else await slices.handBack();
        }
      }
      if (done) return;
      carry = bytes.subarray(start);
      carryAt += start;
    }
  } finally {
    await file.close();
  }
}
