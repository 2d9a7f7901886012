import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ServerPinFile, type PinFileOptions, type ServerEntryFormat } from './server-pin-file';

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

export const instructionsHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export class InstructionPinStore {
  private constructor(private readonly file: ServerPinFile<InstructionsPin>) {}

  static inMemory(options: { now?: () => Date } = {}): InstructionPinStore {
    return new InstructionPinStore(new ServerPinFile(format, options));
  }

  /** Loads `path` (or its .bak); an unreadable file is moved aside and the store starts empty (trust on first use again). */
  static async open(options: PinFileOptions & { path: string }): Promise<InstructionPinStore> {
    const file = new ServerPinFile(format, options);
    await file.load("(every server's instructions are trusted on first sight again)");
    return new InstructionPinStore(file);
  }

  /** Pins `text` when the server has no pin yet; returns the state against the pin (undefined: nothing pinned). */
  observe(server: string, text: string | null): InstructionsPinState | undefined {
    if (!this.file.servers.has(server) && text !== null) this.accept(server, text);
    return this.stateOf(server, text);
  }

  stateOf(server: string, text: string | null): InstructionsPinState | undefined {
    const pinned = this.file.servers.get(server);
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
    const pin = { hash: instructionsHash(text), text, pinnedAt: this.file.now().toISOString() };
    this.file.servers.set(server, pin);
    this.file.changed();
    return pin;
  }

  async flush(): Promise<void> {
    await this.file.flush();
  }
}

/** One pin a server; a damaged one is skipped and that server's instructions are trusted on their next sight. */
const format: ServerEntryFormat<InstructionsPin> = {
  read(raw, server, skip) {
    const pin = pinSchema.safeParse(raw);
    if (pin.success) return pin.data;
    skip(`the damaged instructions pin of ${server}`);
    return undefined;
  },
  write: (pin) => pin,
};
