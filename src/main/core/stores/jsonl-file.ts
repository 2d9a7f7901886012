import { close, closeSync, fchmodSync, fstatSync, fsync, openSync, readSync, writeSync, writevSync } from 'node:fs';
import { PRIVATE_FILE } from '../private-files';
import { forEachJsonLine } from './jsonl-reader';

/** Where a line landed in its file, in bytes, so it can be read back without keeping it in memory. */
export interface LineLocation {
  offset: number;
  length: number;
}

/**
 * One JSON value as text, or in parts (strings, and bytes already UTF-8 encoded): a record's JSON is encoded once
 * and its bytes written to both files that hold it, not encoded (and measured) once per file.
 */
export type LineText = string | readonly (string | Uint8Array)[];

interface Pending {
  /** The line (without its newline), or (for a deferred line) how to make it when the batch is written. */
  line: LineText | (() => LineText);
  resolve: (at: LineLocation) => void;
  reject: (error: unknown) => void;
}

/**
 * An append-only JSON-lines file. Lines appended in the same tick go out together in one write at the
 * end of it (group commit). The write is synchronous on purpose: a line is a few KB landing in the page
 * cache, and a promise-based write costs far more (a thread-pool hop and main-thread dispatch per write;
 * see docs/PERFORMANCE.md), while fsync, which can block, stays asynchronous and happens at
 * turn ends (`sync()`). Each write holds whole lines only, so a crash (even SIGKILL) leaves every earlier
 * line intact and at most one torn last line, which readJsonLines skips and the next open closes off.
 */
export class JsonlAppender {
  private fd: number | undefined;
  /** The file's size in bytes once open: where the next line starts. */
  private position = 0;
  private pending: Pending[] = [];
  /** A flush is queued as a microtask (a plain line), at the end of this turn of the event loop (a deferred one) or later (`soon`). */
  private scheduled = false;
  private immediate: ReturnType<typeof setImmediate> | undefined;
  private later: ReturnType<typeof setTimeout> | undefined;

  /** `laterMs`: how long a `soon` or `group` line may wait, to share its write with the lines that follow it. */
  constructor(
    private readonly path: string,
    private readonly laterMs = 0,
  ) {}

  /** Resolves once this line (and every line appended before it) has been written. */
  append(value: unknown): Promise<LineLocation> {
    return this.appendLine(JSON.stringify(value));
  }

  /**
   * `json` must be one JSON value with no raw newline (JSON.stringify output). `soon`: the line is already
   * durable elsewhere, so it may wait up to `laterMs` and share that write with whatever else is appended
   * by then, off the path of the caller who is waiting.
   */
  appendLine(json: LineText, { soon = false } = {}): Promise<LineLocation> {
    return new Promise<LineLocation>((resolve, reject) => {
      this.pending.push({ line: json, resolve, reject });
      if (this.scheduled) return;
      if (!soon) {
        this.scheduled = true;
        queueMicrotask(() => this.flush());
      } else if (!this.immediate) this.flushLater();
    });
  }

  /**
   * A line made (`json()`, one JSON value, no raw newline) and written at the end of this turn of the event
   * loop, not in the caller's path: work that runs while the caller's next request is in flight. Its place
   * among the lines is where it was appended; any earlier flush (a plain append, writePending) takes it along.
   * `group`: it may wait up to `laterMs` instead (or until writePending, or any earlier flush), to share one write
   * with the lines made after it (group commit: one write per line was most of a call's logging cost).
   */
  appendDeferred(json: () => LineText, { group = false } = {}): Promise<LineLocation> {
    return new Promise<LineLocation>((resolve, reject) => {
      this.pending.push({ line: json, resolve, reject });
      if (this.scheduled || this.immediate) return;
      if (group) this.flushLater();
      else this.immediate = setImmediate(() => this.flush());
    });
  }

  /** A flush within `laterMs`, unless one is due sooner. */
  private flushLater(): void {
    this.later ??= setTimeout(() => this.flush(), this.laterMs);
    this.later.unref?.(); // close() and sync() flush what waits; the timer must not keep a CLI alive
  }

  /** Writes every line appended so far now, instead of at the end of the tick or the next turn of the loop. */
  writePending(): void {
    this.flush();
  }

  /** Flushes to disk: called at turn ends, not per line, so a busy turn isn't bound by fsync latency. */
  async sync(): Promise<void> {
    this.flush();
    const fd = this.fd;
    if (fd !== undefined)
      await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    this.flush();
    const fd = this.fd;
    this.fd = undefined; // a later append reopens the file
    if (fd !== undefined)
      await new Promise<void>((resolve, reject) => close(fd, (error) => (error ? reject(error) : resolve())));
  }

  private flush(): void {
    this.scheduled = false;
    if (this.later) clearTimeout(this.later);
    if (this.immediate) clearImmediate(this.immediate);
    this.later = undefined;
    this.immediate = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const lines = linesOf(batch);
    if (lines.length === 0) return;
    try {
      // Encoded once: the byte lengths (for each line's location) are the buffers' lengths, not a second pass.
      const chunks: Uint8Array[] = [];
      const lengths: number[] = [];
      for (const { line } of lines) {
        let length = NEWLINE.length;
        if (typeof line === 'string') length += push(chunks, line);
        else for (const part of line) length += push(chunks, part);
        chunks.push(NEWLINE);
        lengths.push(length);
      }
      const fd = this.open();
      let bytes = 0;
      for (const length of lengths) bytes += length;
      const written = writevSync(fd, chunks);
      if (written < bytes) {
        // A short write (rare on a regular file): finish the batch so no line is left half-written.
        const buffer = Buffer.concat(chunks);
        for (let offset = written; offset < buffer.length;) offset += writeSync(fd, buffer, offset);
      }
      let offset = this.position;
      this.position += bytes;
      for (let i = 0; i < lines.length; i++) {
        lines[i].resolve({ offset, length: lengths[i] });
        offset += lengths[i];
      }
    } catch (error) {
      // Reopen on the next batch rather than failing forever.
      if (this.fd !== undefined) {
        try {
          closeSync(this.fd);
        } catch {
          // already unusable
        }
        this.fd = undefined;
      }
      for (const { reject } of lines) reject(error);
    }
  }

  /** Opens for appending; a torn last line (a crash mid-write) is closed off with a newline so the next line stays whole. */
  private open(): number {
    if (this.fd !== undefined) return this.fd;
    // Conversations and records hold end users' data: owner-only, also a file an older version made 0644.
    const fd = openSync(this.path, 'a+', PRIVATE_FILE);
    try {
      fchmodSync(fd, PRIVATE_FILE);
      let size = fstatSync(fd).size;
      if (size > 0) {
        const last = Buffer.alloc(1);
        readSync(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) size += writeSync(fd, '\n');
      }
      this.position = size;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    this.fd = fd;
    return fd;
  }
}

const NEWLINE = Buffer.from('\n');

/** Adds a part's bytes (a string is encoded here, once); returns how many. */
function push(chunks: Uint8Array[], part: string | Uint8Array): number {
  const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
  chunks.push(bytes);
  return bytes.length;
}

/** Makes the deferred lines; one that cannot be made is refused alone, the others are written. */
function linesOf(pending: Pending[]): { line: LineText; resolve: Pending['resolve']; reject: Pending['reject'] }[] {
  const out: { line: LineText; resolve: Pending['resolve']; reject: Pending['reject'] }[] = [];
  for (const { line, resolve, reject } of pending) {
    if (typeof line !== 'function') out.push({ line, resolve, reject });
    else {
      try {
        out.push({ line: line(), resolve, reject });
      } catch (error) {
        reject(error);
      }
    }
  }
  return out;
}

export async function readJsonLines<T>(path: string): Promise<T[]> {
  const out: T[] = [];
  await forEachJsonLine<T>(path, (value) => void out.push(value));
  return out;
}
