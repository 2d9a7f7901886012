import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { isBuiltinServer, isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import { PRIVATE_FILE } from '../private-files';

export const PROTOCOL_ERAS_FILE_NAME = 'protocol-eras.json';

/**
 * A legacy verdict is re-probed after this long: an upgraded server still answers initialize, so a remembered
 * "2025" would otherwise hold forever. A remembered 2026 verdict needs no horizon: it is checked by server/discover
 * on every connect.
 */
export const LEGACY_RECHECK_MS = 24 * 60 * 60 * 1000;

/**
 * A verdict not renewed for this long is dropped when the file is next written: an entry is keyed by the server's exact
 * launch identity, so an edited command, argument or variable leaves the old one behind for good. A server still in
 * use costs one probe when its verdict ages out (a remembered 2026 verdict keeps its first date).
 */
export const ERA_MEMORY_HORIZON_MS = 90 * 24 * 60 * 60 * 1000;

/** What a server negotiated last time (protocol: auto only). */
export interface EraVerdict {
  era: 'modern' | 'legacy';
  revision: string;
  at: string;
}

/** Where connections keep each server's era between runs; absent: every connect probes. */
export interface EraMemory {
  recall(key: string): EraVerdict | undefined;
  remember(key: string, verdict: EraVerdict): void;
  forget(key: string): void;
}

/**
 * The exact identity an era belongs to: the URL and header names, or the command, arguments, cwd and env. Hashed:
 * env and header values may be secrets, and they change the server that answers, so they are part of it.
 */
export function eraKey(server: ServerConfig): string {
  const identity = isBuiltinServer(server)
    ? ['builtin', server.builtin]
    : isStdioServer(server)
      ? ['stdio', server.command, server.args, server.cwd ?? null, Object.entries(server.env).sort()]
      : [server.transport, server.url, Object.entries(server.headers).sort()];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

const verdictSchema = z.object({ era: z.enum(['modern', 'legacy']), revision: z.string(), at: z.string() });
const fileSchema = z.object({ version: z.literal(1), servers: z.record(z.string(), verdictSchema) });

/** The remembered eras in the data dir (protocol-eras.json): read once, each change written atomically in order. */
export class EraMemoryFile implements EraMemory {
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly entries: Map<string, EraVerdict>,
    private readonly now: () => Date,
    private readonly log: (line: string) => void,
  ) {}

  /** An unreadable file is only a cache: every server probes again, and the file is rewritten on the next verdict. */
  static open(
    path: string,
    log: (line: string) => void = () => undefined,
    now: () => Date = () => new Date(),
  ): EraMemoryFile {
    let entries = new Map<string, EraVerdict>();
    try {
      entries = new Map(Object.entries(fileSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).servers));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log(`[mcp] ${path} could not be read (${(error as Error).message}); every server's era is probed again`);
    }
    return new EraMemoryFile(path, entries, now, log);
  }

  recall(key: string): EraVerdict | undefined {
    const verdict = this.entries.get(key);
    if (verdict?.era === 'legacy' && this.now().getTime() - Date.parse(verdict.at) > LEGACY_RECHECK_MS)
      return undefined;
    return verdict;
  }

  remember(key: string, verdict: EraVerdict): void {
    this.entries.set(key, verdict);
    this.save();
  }

  forget(key: string): void {
    if (this.entries.delete(key)) this.save();
  }

  /** Resolves once every change so far is on disk. */
  flush(): Promise<unknown> {
    return this.writing;
  }

  private save(): void {
    const oldest = this.now().getTime() - ERA_MEMORY_HORIZON_MS;
    for (const [key, verdict] of this.entries) if (!(Date.parse(verdict.at) >= oldest)) this.entries.delete(key);
    const text = `${JSON.stringify({ version: 1, servers: Object.fromEntries(this.entries) }, null, 2)}\n`;
    this.writing = this.writing
      .then(() => writeFileAtomic(this.path, text, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE }))
      .catch((error: unknown) => this.log(`[mcp] ${this.path} not written: ${(error as Error).message}`));
  }
}
