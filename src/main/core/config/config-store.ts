import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { configSchemaFor, type SwitchboardConfig } from '../../../shared/config/schema';
import type { ConfigVocabulary } from '../../../shared/config/vocabulary';
import { maskServer } from '../../../shared/config/secrets';
import type { ConfigProblem, ConfigSnapshot } from '../../../shared/contract';
import type { EventSink } from '../events';
import { keepBrokenText, removeStaleTempFiles, writeFileKeepingBackup } from './atomic-write';
import type { ConfigEdit, ConfigReading } from './config-text';
import { createConfigWork, type ConfigWork } from './config-work';
import { Conflict, Invalid, InvalidConfig } from '../errors';
import { say } from '../../../shared/messages';

export const CONFIG_FILE_NAME = 'switchboard.yaml';

const readConfigFile = (path: string) => readFile(path, 'utf8');

export type ConfigListener = (config: SwitchboardConfig, source: 'app' | 'external') => void;

export interface ConfigStoreOptions {
  dataDir: string;
  events: EventSink;
  /** Written when the data directory has no config yet. */
  defaultConfigText: string;
  /** Watch the file for edits made outside the app (default true). */
  watch?: boolean;
  /** A config file elsewhere than <dataDir>/switchboard.yaml (the CLI's --config). */
  path?: string;
  /** Where the text is parsed and edited (default: inline when small, a worker thread when large). */
  work?: ConfigWork;
  /** The builtin servers and model providers a config may name here; without it, any name (the shape alone). */
  vocabulary?: ConfigVocabulary;
  log?: (line: string) => void;
}

/**
 * Owns switchboard.yaml. The last config that parsed stays in memory when the file on disk breaks,
 * and a file that does not parse is never overwritten by a structured edit. Every change of state goes
 * through one queue (`serialized`), since reading a large text is asynchronous (config-work.ts).
 */
export class ConfigStore {
  readonly path: string;
  private raw = '';
  /** `raw` as views that leave main show it: literal secrets masked (masked-text.ts). */
  private masked = '';
  private good: SwitchboardConfig;
  private goodMasked: SwitchboardConfig | undefined;
  private problems: ConfigProblem[] = [];
  private fileOk = false;
  private revision = 0;
  private created = false;
  private watcher: FSWatcher | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private writing: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<ConfigListener>();
  private readonly work: ConfigWork;
  /** The `.broken-<ts>` copies this store wrote, oldest first. */
  readonly keptBroken: string[] = [];

  constructor(private readonly options: ConfigStoreOptions) {
    this.path = options.path ?? join(options.dataDir, CONFIG_FILE_NAME);
    this.work = options.work ?? createConfigWork({ log: options.log, vocabulary: options.vocabulary });
    this.good = configSchemaFor(options.vocabulary).parse({});
  }

  /** True when open() had to write the default config (first run). */
  get wasCreated(): boolean {
    return this.created;
  }

  async open(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    await removeStaleTempFiles(this.path); // left by a write that was killed
    let text: string;
    try {
      text = await readConfigFile(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      text = this.options.defaultConfigText;
      await writeFileKeepingBackup(this.path, text);
      this.created = true;
    }
    await this.serialized(() => this.apply(text));
    if (this.options.watch !== false) this.startWatching();
  }

  current(): SwitchboardConfig {
    return this.good;
  }

  /** The config as main uses it: literal secrets included. Never sent to a renderer: see view(). */
  snapshot(): ConfigSnapshot {
    return {
      path: this.path,
      dataDir: this.options.dataDir,
      raw: this.raw,
      config: this.good,
      problems: this.problems,
      fileOk: this.fileOk,
      revision: this.revision,
    };
  }

  /**
   * The config as it leaves main (config.get, config.save): every literal secret of a server entry masked
   * in both the text and the object. A file too large to read is not shown ('').
   */
  view(): ConfigSnapshot {
    this.goodMasked ??= {
      ...this.good,
      agent: {
        ...this.good.agent,
        mcp: { ...this.good.agent.mcp, servers: this.good.agent.mcp.servers.map(maskServer) },
      },
    };
    return { ...this.snapshot(), raw: this.masked, config: this.goodMasked };
  }

  onChange(listener: ConfigListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Refuses a save based on an older read, instead of silently dropping someone else's edit. */
  assertBaseRevision(baseRevision: number | undefined): void {
    if (baseRevision !== undefined && baseRevision !== this.revision)
      throw new Conflict(say('config.staleRevision', { base: baseRevision, now: this.revision }));
  }

  /**
   * Replaces the whole file with operator-written YAML; refused (file untouched) while it fails to validate.
   * The text is the masked one the editor showed: a mask left as it was is put back to the file's literal.
   */
  async saveRaw(raw: string, baseRevision?: number): Promise<ConfigSnapshot> {
    return this.serialized(async () => {
      // Whole-file text cannot be merged: if the file changed on disk since it was read, refuse.
      const disk = await this.readDisk();
      if (disk !== this.raw) {
        await this.takeOutsideEdit(disk);
        throw new Conflict(say('config.changedOnDisk', { now: this.revision }));
      }
      this.assertBaseRevision(baseRevision);
      const prepared = await this.work.save(this.raw, raw);
      if (!prepared.ok)
        throw new InvalidConfig(
          say('config.refused', { count: prepared.problems.length }, describeProblems(prepared.problems)),
          prepared.problems,
        );
      await this.write(prepared.text, prepared.reading);
      return this.snapshot();
    });
  }

  /**
   * Structured edit through the YAML document, so the operator's comments and ordering survive. `plan`
   * gets the config as it is on disk now and returns the changes as data (they may run in the worker).
   */
  async edit(plan: (config: SwitchboardConfig) => ConfigEdit[]): Promise<ConfigSnapshot> {
    return this.serialized(async () => {
      await this.rebaseOnDisk();
      if (!this.fileOk) throw new InvalidConfig(fileHasProblems(this.problems), this.problems);
      const outcome = await this.work.edit(this.raw, plan(this.good));
      if (!outcome.ok) {
        if (outcome.base) throw new InvalidConfig(fileHasProblems(outcome.problems), outcome.problems);
        throw new Invalid(
          say('config.refused', { count: outcome.problems.length }, describeProblems(outcome.problems)),
          outcome.problems,
        );
      }
      await this.write(outcome.text, outcome.reading);
      return this.snapshot();
    });
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
    clearTimeout(this.debounce);
    void this.work.close();
  }

  /**
   * A structured edit is based on the file as it is on disk now, not on the copy in memory: an outside
   * edit the watcher has not seen yet (it debounces 60 ms) becomes the base the edit is applied on top of.
   * One that does not parse is a conflict: nothing is written, and the operator's text stays as it is.
   */
  private async rebaseOnDisk(): Promise<void> {
    const disk = await this.readDisk();
    if (disk === this.raw) return;
    await this.takeOutsideEdit(disk);
    if (disk === undefined) throw new Conflict(say('config.goneFromDisk'));
    if (!this.fileOk)
      throw new Conflict(
        say(
          'config.changedOnDiskUnparsable',
          { count: this.problems.length },
          `switchboard.yaml changed on disk and does not parse (${describeProblems(this.problems)}); nothing was written. Fix the file, then retry.`,
        ),
        this.problems,
      );
  }

  /** The file's text now, or undefined when it is missing. */
  private async readDisk(): Promise<string | undefined> {
    try {
      return await readConfigFile(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** What the watcher would do a few milliseconds later: take the outside text in (a missing file changes nothing in memory). */
  private async takeOutsideEdit(disk: string | undefined): Promise<void> {
    if (disk !== undefined && disk !== this.raw) await this.apply(disk, 'external');
  }

  /**
   * Writes a text already read (validated and masked) by the caller. A file text that does not parse is the
   * operator's unfinished work: it is kept in a `.broken-<ts>` copy first, whatever path led here (with or
   * without a base revision), since `.bak` is overwritten by the next save.
   */
  private async write(text: string, reading: ConfigReading): Promise<void> {
    if (!this.fileOk && this.raw !== '' && this.raw !== text) {
      const kept = await keepBrokenText(this.path, this.raw);
      this.options.log?.(`switchboard.yaml did not parse; its text before this save is kept in ${kept}`);
      this.keptBroken.push(kept);
    }
    await writeFileKeepingBackup(this.path, text, this.raw);
    await this.apply(text, 'app', reading);
  }

  private async apply(text: string, source?: 'app' | 'external', known?: ConfigReading): Promise<void> {
    const reading = known ?? (await this.work.read(text));
    this.raw = text;
    this.masked = reading.masked;
    this.revision += 1;
    this.fileOk = reading.ok;
    this.problems = reading.problems;
    if (reading.ok) {
      this.good = reading.config!;
      this.goodMasked = undefined;
    }
    if (!source) return;
    this.options.events.emit('config.changed', { revision: this.revision, source });
    if (reading.ok) for (const listener of this.listeners) listener(reading.config!, source);
  }

  private startWatching(): void {
    // Watch the directory: editors often replace the file by rename, which ends a file watch.
    this.watcher = watch(dirname(this.path), (_event, filename) => {
      if (filename && filename.toString() !== basename(this.path)) return;
      clearTimeout(this.debounce);
      this.debounce = setTimeout(() => void this.reloadFromDisk().catch(() => undefined), 60);
    });
    this.watcher.on('error', () => undefined);
  }

  /** In the queue, after any write in flight: a write of ours is then recognised as what we hold. */
  private reloadFromDisk(): Promise<void> {
    return this.serialized(async () => {
      let text: string;
      try {
        text = await readConfigFile(this.path);
      } catch {
        return; // mid-rename; the next event brings the new file
      }
      if (text !== this.raw) await this.apply(text, 'external');
    });
  }

  private serialized<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writing.then(task, task);
    this.writing = run.catch(() => undefined);
    return run;
  }
}

/** The first problem with its line, then the others (a YAML cascade counted, not listed: it follows from the first). */
/** An edit refused because the file itself is broken: the problems are in `details` for the console to list. */
const fileHasProblems = (problems: ConfigProblem[]) =>
  say(
    'config.fileHasProblems',
    { count: problems.length },
    `the config file has problems; fix it first (${describeProblems(problems)})`,
  );

export function describeProblems(problems: ConfigProblem[]): string {
  const describe = (p: ConfigProblem) =>
    `${p.line ? `line ${p.line}: ` : ''}${p.path ? `${p.path}: ` : ''}${p.message}`;
  const cascade = problems.filter((p) => p.followsFromLine !== undefined).length;
  const others = problems.slice(1).filter((p) => p.followsFromLine === undefined);
  return [
    problems[0] && describe(problems[0]),
    ...others.slice(0, 4).map(describe),
    cascade > 0 &&
      `${cascade} more YAML error${cascade === 1 ? '' : 's'} that may follow from line ${problems[0].line}`,
  ]
    .filter(Boolean)
    .join('; ');
}
