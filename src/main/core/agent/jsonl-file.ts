import { open, readFile, type FileHandle } from 'node:fs/promises';

/**
 * An append-only JSON-lines file. Each append is one write() of a whole line, so a crash (even SIGKILL)
 * leaves every earlier line intact and at most one torn last line, which readJsonLines skips.
 */
export class JsonlAppender {
  private handle: Promise<FileHandle> | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  append(value: unknown): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    const write = this.tail.then(async () => {
      this.handle ??= open(this.path, 'a');
      await (await this.handle).write(line);
    });
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Flushes to disk: called at turn ends, not per line, so a busy turn isn't bound by fsync latency. */
  async sync(): Promise<void> {
    await this.tail;
    if (this.handle) await (await this.handle).sync();
  }

  async close(): Promise<void> {
    await this.tail;
    if (this.handle) await (await this.handle).close();
    this.handle = undefined;
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
