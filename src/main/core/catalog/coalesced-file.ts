import { mkdir, readFile, rename } from 'node:fs/promises';
import type { z } from 'zod';
import { dirname } from 'node:path';
import { writeFileKeepingBackup } from '../config/atomic-write';

/**
 * A JSON file that many quick changes write once: `request()` marks it dirty and starts one write loop; changes
 * made while a write is under way are folded into the next one. The text is taken when the write starts, so the
 * file always holds the newest state. A failed write is logged; the next request tries again.
 */
export class CoalescedFile {
  private writing: Promise<void> | undefined;
  private pending = false;

  constructor(
    private readonly path: string | undefined,
    private readonly text: () => string | Promise<string>,
    private readonly log: (line: string) => void,
  ) {}

  request(): void {
    if (!this.path) return;
    this.pending = true;
    this.writing ??= this.writeLoop(this.path).finally(() => (this.writing = undefined));
  }

  /** Resolves once every requested write is on disk. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async writeLoop(path: string): Promise<void> {
    while (this.pending) {
      this.pending = false;
      try {
        const text = await this.text();
        await mkdir(dirname(path), { recursive: true });
        await writeFileKeepingBackup(path, text);
      } catch (error) {
        this.log(`[pins] could not write ${path}: ${(error as Error).message}`);
      }
    }
  }
}

/**
 * Loads a pin file, else its .bak (the previous good copy). A file neither reads is moved aside, never overwritten,
 * and the store starts empty; `startsOver` ends the log line with what that means.
 */
export async function loadKeepingBackup(
  path: string,
  load: (candidate: string) => Promise<'ok' | 'missing' | 'bad'>,
  log: (line: string) => void,
  startsOver: string,
): Promise<void> {
  for (const candidate of [path, `${path}.bak`]) {
    const loaded = await load(candidate);
    if (loaded === 'ok' || (loaded === 'missing' && candidate === path)) return; // missing: no pins yet, a first run
  }
  const aside = `${path}.corrupt-${Date.now()}`;
  await rename(path, aside).catch(() => undefined);
  log(`[pins] ${path} is unreadable; moved it to ${aside} ${startsOver}`);
}

/** One pin file read against its schema: 'missing' (no file yet), 'bad' (unreadable, not JSON, wrong shape), or its data. */
export async function readPinFile<S extends z.ZodType>(
  path: string,
  schema: S,
): Promise<'missing' | 'bad' | { data: z.infer<S> }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'bad';
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'bad';
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { data: parsed.data } : 'bad';
}
