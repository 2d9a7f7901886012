import { close, closeSync, fsync, openSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * An append-only JSON-lines file. Lines appended in the same tick go out together in one write at the
 * end of it (group commit). The write is synchronous on purpose: a line is a few KB landing in the page
 * cache, and a promise-based write cost far more (a thread-pool hop and ~30 µs of main-thread dispatch
 * per write; four per tool call were most of the proxy's own time, see docs/PERFORMANCE.md), while
 * fsync, which can block, stays asynchronous and happens at turn ends (`sync()`). Each write holds whole
 * lines only, so a crash (even SIGKILL) leaves every earlier line intact and at most one torn last line,
 * which readJsonLines skips.
 */
export class JsonlAppender {
  private fd: number | undefined;
  private lines: string[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly path: string) {}

  /** Resolves once this line (and every line appended before it) has been written. */
  append(value: unknown): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    return new Promise<void>((resolve, reject) => {
      this.lines.push(line);
      this.waiters.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        queueMicrotask(() => this.flush());
      }
    });
  }

  /** Flushes to disk: called at turn ends, not per line, so a busy turn isn't bound by fsync latency. */
  async sync(): Promise<void> {
    this.flush();
    const fd = this.fd;
    if (fd !== undefined) await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    this.flush();
    const fd = this.fd;
    this.fd = undefined; // a later append reopens the file
    if (fd !== undefined) await new Promise<void>((resolve, reject) => close(fd, (error) => (error ? reject(error) : resolve())));
  }

  private flush(): void {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    const waiters = this.waiters;
    this.lines = [];
    this.waiters = [];
    try {
      this.fd ??= openSync(this.path, 'a');
      const written = writeSync(this.fd, text);
      if (written < Buffer.byteLength(text)) {
        // A short write (rare on a regular file): finish the batch so no line is left half-written.
        const bytes = Buffer.from(text, 'utf8');
        for (let offset = written; offset < bytes.length; ) offset += writeSync(this.fd, bytes, offset);
      }
      for (const waiter of waiters) waiter.resolve();
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
      for (const waiter of waiters) waiter.reject(error);
    }
  }
}

export async function readJsonLines<T>(path: string): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const values: T[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      values.push(JSON.parse(line) as T);
    } catch {
      // A torn last line from a crash mid-write: everything before it is intact.
    }
  }
  return values;
}
