import { readFile } from 'node:fs/promises';
import writeFileAtomic from 'write-file-atomic';
import {
  storedPreferencesSchema,
  type Preferences,
  type StoredPreferences,
  type UiLanguageChoice,
  type UiThemeChoice,
} from '../../../shared/contract/preferences';
import type { EventSink } from '../events';
import { Conflict } from '../errors';
import { PRIVATE_FILE } from '../private-files';
import { say } from '../../../shared/messages';
import { zodIssueMessage } from '../../../shared/messages/zod-issue';
import type { UiMessage } from '../../../shared/i18n-message';
import type { z } from 'zod';

export const PREFERENCES_FILE_NAME = 'preferences.json';

export interface PreferencesStoreOptions {
  path: string;
  events: EventSink;
  /** The OS's preferred languages (the desktop passes Electron's); none in the headless console. */
  systemLanguages?: () => string[];
  log?: (line: string) => void;
}

/**
 * The operator's console preferences (the UI language and theme), one small JSON file in the data directory. A file
 * that can't be read or parsed is never written over: the defaults apply and a change is refused, saying why.
 */
export class PreferencesStore {
  private stored: StoredPreferences = storedPreferencesSchema.parse({});
  /** Why preferences.json can't be used: a message when we can say it as one, else the file system's words. */
  private problem: string | UiMessage | undefined;

  private constructor(private readonly options: PreferencesStoreOptions) {}

  static async open(options: PreferencesStoreOptions): Promise<PreferencesStore> {
    const store = new PreferencesStore(options);
    await store.load();
    return store;
  }

  view(): Preferences {
    const problem = this.problem;
    if (problem === undefined) return { ...this.stored, systemLanguages: this.systemLanguages() };
    return {
      ...this.stored,
      systemLanguages: this.systemLanguages(),
      ...(typeof problem === 'string' ? { problem } : { problem: problem.text, problemMessage: problem }),
    };
  }

  setLanguage(language: UiLanguageChoice): Promise<Preferences> {
    return this.save({ ...this.stored, language });
  }

  setTheme(theme: UiThemeChoice): Promise<Preferences> {
    return this.save({ ...this.stored, theme });
  }

  private async save(next: StoredPreferences): Promise<Preferences> {
    const problem = this.problem;
    if (problem) {
      // The English says the problem as it was first worded (a nested message's English is re-rendered from its code).
      const text = say('preferences.unreadable', {
        path: this.options.path,
        problem: typeof problem === 'string' ? problem : problem.text,
      }).text;
      throw new Conflict(say('preferences.unreadable', { path: this.options.path, problem }, text));
    }
    await writeFileAtomic(this.options.path, `${JSON.stringify(next, null, 2)}\n`, {
      encoding: 'utf8',
      fsync: true,
      mode: PRIVATE_FILE,
    });
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
      this.problem = say('preferences.notJson', { detail: (error as Error).message });
    }
    if (!this.problem) {
      const result = storedPreferencesSchema.safeParse(parsed);
      if (result.success) this.stored = result.data;
      else this.problem = issuesMessage(result.error.issues);
    }
    if (this.problem)
      this.options.log?.(
        `[preferences] ${this.options.path} is left as it is: ${typeof this.problem === 'string' ? this.problem : this.problem.text}`,
      );
  }

  private systemLanguages(): string[] {
    try {
      return this.options.systemLanguages?.().filter((tag) => typeof tag === 'string' && tag.length > 0) ?? [];
    } catch {
      return [];
    }
  }
}

/**
 * The schema's problems as one message, each zod issue as its code where it has one (zodIssueMessage). The English
 * is "path: problem; …" exactly as zod worded it: it is what the log and the CLI print.
 */
function issuesMessage(issues: readonly z.core.$ZodIssue[]): UiMessage {
  const parts = issues.map((issue) => {
    const problem = zodIssueMessage(issue) ?? issue.message;
    const path = issue.path.join('.');
    const text = `${path || '(file)'}: ${issue.message}`;
    return path
      ? say('preferences.fieldProblem', { path, problem }, text)
      : say('preferences.fileProblem', { problem }, text);
  });
  return parts.reduceRight((rest, first) =>
    say('preferences.problems', { first, rest }, `${first.text}; ${rest.text}`),
  );
}
