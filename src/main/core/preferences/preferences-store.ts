import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import { storedPreferencesSchema, type Preferences, type StoredPreferences, type UiLanguageChoice } from '../../../shared/contract/preferences';
import type { EventSink } from '../events';
import { Conflict } from '../errors';
import { PRIVATE_FILE } from '../private-files';
import { say } from '../../../shared/messages';

export const PREFERENCES_FILE_NAME = 'preferences.json';

export interface PreferencesStoreOptions {
  path: string;
  events: EventSink;
  /** The OS's preferred languages (the desktop passes Electron's); none in the headless console. */
  systemLanguages?: () => string[];
  log?: (line: string) => void;
}

/**
 * The operator's console preferences (today: the UI language), one small JSON file in the data directory. A file
 * that can't be read or parsed is never written over: the defaults apply and a change is refused, saying why.
 */
export class PreferencesStore {
  private stored: StoredPreferences = storedPreferencesSchema.parse({});
  private problem: string | undefined;

  private constructor(private readonly options: PreferencesStoreOptions) {}

  static async open(options: PreferencesStoreOptions): Promise<PreferencesStore> {
    const store = new PreferencesStore(options);
    await store.load();
    return store;
  }

  view(): Preferences {
    return { ...this.stored, systemLanguages: this.systemLanguages(), ...(this.problem && { problem: this.problem }) };
  }

  async setLanguage(language: UiLanguageChoice): Promise<Preferences> {
    if (this.problem) throw new Conflict(say('preferences.unreadable', { path: this.options.path, problem: this.problem }));
    const next = { ...this.stored, language };
    await writeFileAtomic(this.options.path, `${JSON.stringify(next, null, 2)}\n`, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE });
    this.stored = next;
    const view = this.view();
    this.options.events.emit('preferences.changed', view);
    return view;
  }

  private async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // a first run: the defaults
      this.problem = (error as Error).message;
      this.options.log?.(`[preferences] ${this.options.path}: ${this.problem}`);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      this.problem = `not JSON: ${(error as Error).message}`;
    }
    if (!this.problem) {
      const result = storedPreferencesSchema.safeParse(parsed);
      if (result.success) this.stored = result.data;
      else this.problem = result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ');
    }
    if (this.problem) this.options.log?.(`[preferences] ${this.options.path} is left as it is: ${this.problem}`);
  }

  private systemLanguages(): string[] {
    try {
      return this.options.systemLanguages?.().filter((tag) => typeof tag === 'string' && tag.length > 0) ?? [];
    } catch {
      return [];
    }
  }
}
