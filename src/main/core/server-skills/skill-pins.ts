import { z } from 'zod';
import { ServerPinFile, type PinFileOptions, type ServerEntryFormat } from '../catalog/server-pin-file';

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
const skillsSchema = z.record(z.string(), z.unknown());

export class SkillPinStore {
  private constructor(private readonly file: ServerPinFile<Map<string, SkillPin>>) {}

  static inMemory(options: { now?: () => Date } = {}): SkillPinStore {
    return new SkillPinStore(new ServerPinFile(format, options));
  }

  /** Loads `path` (or its .bak); an unreadable file is moved aside and the store starts empty (trust on first use again). */
  static async open(options: PinFileOptions & { path: string }): Promise<SkillPinStore> {
    const file = new ServerPinFile(format, options);
    await file.load('(every server skill is trusted on first sight again)');
    return new SkillPinStore(file);
  }

  get(server: string, skill: string): SkillPin | undefined {
    return this.file.servers.get(server)?.get(skill);
  }

  /** Pins `digest` when the skill has no pin yet; returns the pin. */
  observe(server: string, skill: string, digest: string): SkillPin {
    const known = this.get(server, skill);
    if (known) return known;
    return this.accept(server, skill, digest);
  }

  /** The operator trusts `digest` (or it is the first one seen): it becomes the pin. */
  accept(server: string, skill: string, digest: string): SkillPin {
    const pin = { digest, pinnedAt: this.file.now().toISOString() };
    let skills = this.file.servers.get(server);
    if (!skills) this.file.servers.set(server, (skills = new Map()));
    skills.set(skill, pin);
    this.file.changed();
    return pin;
  }

  async flush(): Promise<void> {
    await this.file.flush();
  }
}

/** A server's skills, each pin on its own: a damaged one loses only that pin (trusted again on its next sight). */
const format: ServerEntryFormat<Map<string, SkillPin>> = {
  read(raw, server, skip) {
    const skills = skillsSchema.safeParse(raw);
    if (!skills.success) {
      skip(`the damaged skill pins of ${server}`);
      return undefined;
    }
    const pins = new Map<string, SkillPin>();
    for (const [skill, entry] of Object.entries(skills.data)) {
      const pin = pinSchema.safeParse(entry);
      if (pin.success) pins.set(skill, pin.data);
      else skip(`the damaged pin of skill ${skill} on ${server}`);
    }
    return pins;
  },
  write: (pins) => Object.fromEntries(pins),
};
