import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { isStdioServer, type ServerConfig, type StdioServerConfig } from '../../../shared/config/schema';
import type { UiMessage } from '../../../shared/i18n-message';
import { say } from '../../../shared/messages';
import { revealHiddenCharacters } from '../../../shared/net/external-url';
import { PRIVATE_FILE } from '../private-files';
import type { LaunchGate } from './types';

export const LAUNCH_CONFIRMATIONS_FILE_NAME = 'launch-confirmations.json';

/**
 * Which stdio command lines the operator has confirmed on this machine, and which wait for it. The rule:
 *
 * - A stdio entry that arrives through an import (the console's or `switchboard import`) is marked *waiting* unless
 *   its exact command line was confirmed here before, or is already in the config: it never launches before the
 *   operator confirmed that command line (console: Launch; CLI: `--trust-command` or `switchboard confirm-launch`).
 * - An entry the operator wrote in switchboard.yaml (by hand, in the raw editor or the server form) launches as
 *   before: the config file is the operator's own word, and a waiting mark is only ever made by an import.
 *
 * A command line is bound by a hash of its command, arguments, cwd and the names (not values) of its env: any change
 * is a new command line, and one that arrives by import waits again. The file is re-read when another process (the
 * CLI beside a running console) changed it, so a mark made there holds here too.
 */
export type Verdict = 'confirmed' | 'waiting';

const entrySchema = z.object({
  verdict: z.enum(['confirmed', 'waiting']),
  commandLine: z.string(),
  server: z.string(),
  at: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), commandLines: z.record(z.string(), entrySchema) });
type Entry = z.infer<typeof entrySchema>;

type CommandLineOf = Pick<StdioServerConfig, 'name' | 'command' | 'args' | 'env' | 'cwd'>;

/** The hash a confirmation is bound to: command, arguments, cwd and env names (values may be secrets, and change). */
export function commandLineHash(server: CommandLineOf): string {
  const identity = [server.command, server.args ?? [], server.cwd ?? null, Object.keys(server.env ?? {}).sort()];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

/**
 * The exact command line as the operator confirms it: each part quoted when it holds a space, a quote or nothing,
 * hidden and control characters made visible, then the cwd and the env names.
 */
export function commandLineText(server: CommandLineOf): string {
  const part = (s: string) => (s === '' || /[\s"'\\]/.test(s) ? JSON.stringify(s) : s);
  const line = [server.command, ...(server.args ?? [])].map(part).join(' ');
  const cwd = server.cwd ? ` (in ${part(server.cwd)})` : '';
  const env = Object.keys(server.env ?? {}).length
    ? ` [env: ${Object.keys(server.env ?? {})
        .sort()
        .join(', ')}]`
    : '';
  return revealHiddenCharacters(`${line}${cwd}${env}`);
}

/** What a server that must not launch yet shows ("waiting for your confirmation to launch: <line>"), or undefined. */
export function launchWait(server: ServerConfig, gate: LaunchGate | undefined): UiMessage | undefined {
  if (!isStdioServer(server) || !gate?.waits(server)) return undefined;
  return say('server.launchWaits', { commandLine: commandLineText(server) });
}

export class LaunchConfirmations implements LaunchGate {
  private entries = new Map<string, Entry>();
  private seenMtimeMs = -1;
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly log: (line: string) => void,
  ) {}

  static open(path: string, log: (line: string) => void = () => undefined): LaunchConfirmations {
    const store = new LaunchConfirmations(path, log);
    store.refresh();
    return store;
  }

  /** Whether this stdio entry must wait for the operator before it launches. */
  waits(server: CommandLineOf): boolean {
    this.refresh();
    return this.entries.get(commandLineHash(server))?.verdict === 'waiting';
  }

  verdictOf(server: CommandLineOf): Verdict | undefined {
    this.refresh();
    return this.entries.get(commandLineHash(server))?.verdict;
  }

  /** An import brings these in: each one not confirmed here, and not `alreadyConfigured`, waits. Returns those that wait. */
  async markImported(
    servers: readonly CommandLineOf[],
    alreadyConfigured: readonly CommandLineOf[],
  ): Promise<CommandLineOf[]> {
    this.refresh();
    const known = new Set(alreadyConfigured.map(commandLineHash));
    const waiting = servers.filter(
      (s) => !known.has(commandLineHash(s)) && this.entries.get(commandLineHash(s))?.verdict !== 'confirmed',
    );
    if (waiting.length) await this.set(waiting, 'waiting');
    return waiting;
  }

  /** The operator confirmed these exact command lines (Launch, --trust-command, confirm-launch). */
  confirm(servers: readonly CommandLineOf[]): Promise<void> {
    this.refresh();
    return this.set(servers, 'confirmed');
  }

  private set(servers: readonly CommandLineOf[], verdict: Verdict): Promise<void> {
    const at = new Date().toISOString();
    for (const server of servers)
      this.entries.set(commandLineHash(server), {
        verdict,
        commandLine: commandLineText(server),
        server: server.name,
        at,
      });
    const text = `${JSON.stringify({ version: 1, commandLines: Object.fromEntries(this.entries) }, null, 2)}\n`;
    const write = this.writing.then(() =>
      writeFileAtomic(this.path, text, { encoding: 'utf8', fsync: true, mode: PRIVATE_FILE }),
    );
    this.writing = write.catch(() => undefined);
    return write.then(() => {
      this.seenMtimeMs = this.mtimeMs();
    });
  }

  /** Re-reads the file when it changed since we last read or wrote it (another process confirms or marks). */
  private refresh(): void {
    const mtime = this.mtimeMs();
    if (mtime === this.seenMtimeMs) return;
    this.seenMtimeMs = mtime;
    if (mtime === -1) return void (this.entries = new Map());
    try {
      const parsed = fileSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
      this.entries = new Map(Object.entries(parsed.commandLines));
    } catch (error) {
      // Unreadable: every mark is lost, so every import-marked command would launch. Keep what we held instead.
      this.log(
        `[launch] ${this.path} could not be read (${(error as Error).message}); keeping the confirmations held in memory`,
      );
    }
  }

  private mtimeMs(): number {
    try {
      return statSync(this.path).mtimeMs;
    } catch {
      return -1;
    }
  }
}
