import { z } from 'zod';
import { CoalescedFile, loadKeepingBackup, readPinFile } from '../catalog/coalesced-file';

export const SKILL_PINS_FILE_NAME = 'skill-pins.json';

/**
 * Skills published by servers, pinned like tool definitions: the first verified version of a skill seen from a server
 * is pinned (its digest over every file); a later version with another digest is quarantined until the operator
 * accepts it. A refused skill (it failed verification) is never pinned.
 */
export interface SkillPin {
  digest: string;
  pinnedAt: string;
}

const pinSchema = z.object({ digest: z.string().min(1).max(128), pinnedAt: z.string() });
const fileSchema = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export class SkillPinStore {
  private pins = new Map<string, Map<string, SkillPin>>();
  private readonly file: CoalescedFile;

  private constructor(
    path: string | undefined,
    private readonly log: (line: string) => void,
    private readonly now: () => Date,
  ) {
    const text = () =>
      `${JSON.stringify({ version: 1, servers: Object.fromEntries([...this.pins].map(([server, skills]) => [server, Object.fromEntries(skills)])) }, null, 1)}\n`;
    this.file = new CoalescedFile(path, text, log);
  }

  static inMemory(options: { now?: () => Date } = {}): SkillPinStore {
    return new SkillPinStore(undefined, () => undefined, options.now ?? (() => new Date()));
  }

  /** Loads `path` (or its .bak); an unreadable file is moved aside and the store starts empty (trust on first use again). */
  static async open(options: { path: string; log?: (line: string) => void; now?: () => Date }): Promise<SkillPinStore> {
    const store = new SkillPinStore(
      options.path,
      options.log ?? ((line) => console.error(line)),
      options.now ?? (() => new Date()),
    );
    await loadKeepingBackup(
      options.path,
      (candidate) => store.load(candidate),
      store.log,
      '(every server skill is trusted on first sight again)',
    );
    return store;
  }

  get(server: string, skill: string): SkillPin | undefined {
    return this.pins.get(server)?.get(skill);
  }

  /** Pins `digest` when the skill has no pin yet; returns the pin. */
  observe(server: string, skill: string, digest: string): SkillPin {
    const known = this.get(server, skill);
    if (known) return known;
    return this.accept(server, skill, digest);
  }

  /** The operator trusts `digest` (or it is the first one seen): it becomes the pin. */
  accept(server: string, skill: string, digest: string): SkillPin {
    const pin = { digest, pinnedAt: this.now().toISOString() };
    let skills = this.pins.get(server);
    if (!skills) this.pins.set(server, (skills = new Map()));
    skills.set(skill, pin);
    this.file.request();
    return pin;
  }

  async flush(): Promise<void> {
    await this.file.flush();
  }

  private async load(path: string): Promise<'ok' | 'missing' | 'bad'> {
    const file = await readPinFile(path, fileSchema);
    if (typeof file === 'string') return file;
    for (const [server, skills] of Object.entries(file.data.servers)) {
      const inner = new Map<string, SkillPin>();
      for (const [skill, raw] of Object.entries(skills)) {
        const pin = pinSchema.safeParse(raw);
        // One damaged entry loses only that pin: the skill is trusted again on its next sight.
        if (pin.success) inner.set(skill, pin.data);
        else this.log(`[pins] ${path}: skipping the damaged pin of skill ${skill} on ${server}`);
      }
      this.pins.set(server, inner);
    }
    return 'ok';
  }
}
