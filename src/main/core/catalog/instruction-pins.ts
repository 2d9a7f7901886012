import { createHash } from 'node:crypto';
import { z } from 'zod';
import { CoalescedFile, loadKeepingBackup, readPinFile } from './coalesced-file';

export const INSTRUCTION_PINS_FILE_NAME = 'instruction-pins.json';

/**
 * Each server's `instructions` as the operator trusts them, pinned like tool definitions (issue 25, item 11): the
 * first instructions seen from a server are pinned; a server that later gives other instructions (after a reconnect,
 * a restart, an update) has the change held until the operator accepts it. While held, the model keeps receiving the
 * pinned text: what was already trusted, never the new text. (Sending nothing instead would let a server remove its
 * reviewed guidance, a change as unreviewed as any other.) A server that gives none before any pin has nothing pinned.
 */
export interface InstructionsPin {
  hash: string;
  text: string;
  pinnedAt: string;
}

/** How a server's instructions stand against their pin; `held` when they differ and the pinned text is used instead. */
export interface InstructionsPinState {
  pinned: InstructionsPin;
  currentHash: string | null;
  held: boolean;
}

const pinSchema = z.object({ hash: z.string().min(1).max(128), text: z.string(), pinnedAt: z.string() });
const fileSchema = z.object({ version: z.literal(1), servers: z.record(z.string(), z.unknown()) });

export const instructionsHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export class InstructionPinStore {
  private pins = new Map<string, InstructionsPin>();
  private readonly file: CoalescedFile;

  private constructor(
    private readonly path: string | undefined,
    private readonly log: (line: string) => void,
    private readonly now: () => Date,
  ) {
    this.file = new CoalescedFile(
      path,
      () => `${JSON.stringify({ version: 1, servers: Object.fromEntries(this.pins) }, null, 1)}\n`,
      log,
    );
  }

  static inMemory(options: { now?: () => Date } = {}): InstructionPinStore {
    return new InstructionPinStore(undefined, () => undefined, options.now ?? (() => new Date()));
  }

  /** Loads `path` (or its .bak); an unreadable file is moved aside and the store starts empty (trust on first use again). */
  static async open(options: {
    path: string;
    log?: (line: string) => void;
    now?: () => Date;
  }): Promise<InstructionPinStore> {
    const store = new InstructionPinStore(
      options.path,
      options.log ?? ((line) => console.error(line)),
      options.now ?? (() => new Date()),
    );
    await loadKeepingBackup(
      options.path,
      (candidate) => store.load(candidate),
      store.log,
      "(every server's instructions are trusted on first sight again)",
    );
    return store;
  }

  /** Pins `text` when the server has no pin yet; returns the state against the pin (undefined: nothing pinned). */
  observe(server: string, text: string | null): InstructionsPinState | undefined {
    if (!this.pins.has(server) && text !== null) {
      this.pins.set(server, { hash: instructionsHash(text), text, pinnedAt: this.now().toISOString() });
      this.persist();
    }
    return this.stateOf(server, text);
  }

  stateOf(server: string, text: string | null): InstructionsPinState | undefined {
    const pinned = this.pins.get(server);
    if (!pinned) return undefined;
    // None given now counts as empty: accepting that pins "" and sends nothing.
    const hash = instructionsHash(text ?? '');
    return { pinned, currentHash: text === null ? null : hash, held: hash !== pinned.hash };
  }

  /** The instructions the model may receive from `server` now: the current text when it matches its pin, else the pinned one. */
  trusted(server: string, text: string | null): string | null {
    const state = this.observe(server, text);
    return state ? state.pinned.text : text;
  }

  /** The operator accepts `text` (whose hash they reviewed): it becomes the pin. */
  accept(server: string, text: string): InstructionsPin {
    const pin = { hash: instructionsHash(text), text, pinnedAt: this.now().toISOString() };
    this.pins.set(server, pin);
    this.persist();
    return pin;
  }

  async flush(): Promise<void> {
    await this.file.flush();
  }

  private persist(): void {
    this.file.request();
  }

  private async load(path: string): Promise<'ok' | 'missing' | 'bad'> {
    const file = await readPinFile(path, fileSchema);
    if (typeof file === 'string') return file;
    for (const [server, raw] of Object.entries(file.data.servers)) {
      const pin = pinSchema.safeParse(raw);
      if (pin.success) this.pins.set(server, pin.data);
      else this.log(`[pins] ${path}: skipping the damaged instructions pin of ${server}`);
    }
    return 'ok';
  }
}
