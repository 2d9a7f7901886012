import { z } from 'zod';
import { CoalescedFile, loadKeepingBackup, readPinFile } from './coalesced-file';

/** Where a pin store keeps its file (none: in memory only), where it logs, and its clock. */
export interface PinFileOptions {
  path?: string;
  log?: (line: string) => void;
  now?: () => Date;
}

/** How one server's entry is read back (undefined: skipped, after `skip` said why) and written. */
export interface ServerEntryFormat<Entry> {
  read(raw: unknown, server: string, skip: (what: string) => void): Entry | undefined;
  write(entry: Entry): unknown;
}

const fileSchema = z.object({ version: z.literal(1), servers: z.record(z.string(), z.unknown()) });

/**
 * The part the instruction and skill pin stores share: `{ version: 1, servers: { <server>: entry } }`, written
 * coalesced and atomically (keeping a .bak), read from the file or else its .bak. An entry that does not read is
 * skipped alone (logged); a file neither copy reads is moved aside and the store starts empty: trust on first use.
 */
export class ServerPinFile<Entry> {
  readonly servers = new Map<string, Entry>();
  readonly now: () => Date;
  private readonly log: (line: string) => void;
  private readonly file: CoalescedFile;

  constructor(
    private readonly format: ServerEntryFormat<Entry>,
    private readonly options: PinFileOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (options.path ? (line) => console.error(line) : () => undefined);
    const text = () => {
      const servers = Object.fromEntries([...this.servers].map(([server, entry]) => [server, format.write(entry)]));
      return `${JSON.stringify({ version: 1, servers }, null, 1)}\n`;
    };
    this.file = new CoalescedFile(options.path, text, this.log);
  }

  /** Reads the file, if there is one; `startsOver` tells the log what starting empty means for this store. */
  async load(startsOver: string): Promise<void> {
    const { path } = this.options;
    if (path) await loadKeepingBackup(path, (candidate) => this.read(candidate), this.log, startsOver);
  }

  /** Some entry changed: the file is written soon (many quick changes, one write). */
  changed(): void {
    this.file.request();
  }

  /** Resolves once every change is on disk. */
  async flush(): Promise<void> {
    await this.file.flush();
  }

  private async read(path: string): Promise<'ok' | 'missing' | 'bad'> {
    const file = await readPinFile(path, fileSchema);
    if (typeof file === 'string') return file;
    for (const [server, raw] of Object.entries(file.data.servers)) {
      const entry = this.format.read(raw, server, (what) => this.log(`[pins] ${path}: skipping ${what}`));
      if (entry !== undefined) this.servers.set(server, entry);
    }
    return 'ok';
  }
}
