import { open, readFile, type FileHandle } from 'node:fs/promises';

/**
 * An append-only JSON-lines file. Lines queued while a write is in flight go out together in the next
 * write() (group commit): under load, one write per line chained 20 conversations' records into a
 * queue whose every link waited for an event-loop turn (records.append averaged ~180 ms). Each write
 * holds whole lines only, so a crash (even SIGKILL) leaves every earlier line intact and at most one
 * torn last line, which readJsonLines skips.
 */
export class JsonlAppender {
  private handle: Promise<FileHandle> | undefined;
  private queue: { line: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly path: string) {}

  /** Resolves once this line (and every line appended before it) has been written. */
  append(value: unknown): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Flushes to disk: called at turn ends, not per line, so a busy turn isn't bound by fsync latency. */
  async sync(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.handle) await (await this.handle).sync();
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    const handle = this.handle;
    this.handle = undefined;
    if (handle) await (await handle).close();
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        this.handle ??= open(this.path, 'a');
        await (await this.handle).write(batch.map((entry) => entry.line).join(''));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        this.handle = undefined; // reopen on the next batch rather than failing forever
        for (const entry of batch) entry.reject(error);
      }
    }
    this.flushing = undefined;
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
