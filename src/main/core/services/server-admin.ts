import { isStdioServer, type ServerConfig, type StdioServerConfig } from '../../../shared/config/schema';
import { restoreServerSecrets, unmatchedMasks } from '../../../shared/config/secrets';
import type { ImportResult, LogLevel, ServerLogView, ServerView } from '../../../shared/contract';
import { say } from '../../../shared/messages';
import type { AuthService, BrowserOpener, SignInHandle } from '../auth';
import type { InstructionsService } from '../catalog/instructions-service';
import type { ConfigStore } from '../config/config-store';
import type { EnvConsent } from '../config/import-env';
import { importServers, type ConflictPolicy } from '../config/import-servers';
import { Conflict, Invalid, NotFound } from '../errors';
import type { ConnectionManager } from '../mcp';
import { commandLineHash, commandLineText, type LaunchConfirmations, type Verdict } from '../mcp/launch-confirmations';
import { serverView } from './server-view';

export interface ServerAdminDeps {
  config: ConfigStore;
  connections: ConnectionManager;
  auth: AuthService;
  instructions?: InstructionsService;
  launches?: LaunchConfirmations;
  openBrowser: BrowserOpener;
}

/**
 * Server administration as the console and the CLI do it. Callers name servers; commands and URLs come only from
 * the config main holds. Each change rewrites agent.mcp.servers through the YAML document (comments kept).
 */
export class ServerAdminService {
  constructor(private readonly deps: ServerAdminDeps) {}

  list(): { servers: ServerView[] } {
    return { servers: this.servers().map((s) => this.view(s)) };
  }

  /** Adds `server` at `index` (default: last); a name already taken is a conflict. */
  async add(server: ServerConfig, index?: number): Promise<{ servers: ServerView[] }> {
    this.assertNameFree(server.name);
    await this.editServers((servers) => {
      servers.splice(index ?? servers.length, 0, withLiterals(server, undefined));
      return servers;
    });
    return this.list();
  }

  /** Replaces `name` with `server` in place; a rename onto another server's name is a conflict. */
  async update(name: string, server: ServerConfig): Promise<{ servers: ServerView[] }> {
    this.configured(name);
    if (server.name !== name) this.assertNameFree(server.name);
    // The form shows secrets masked: one left as it was keeps the literal in the file.
    await this.editServers((servers) => servers.map((s) => (s.name === name ? withLiterals(server, s) : s)));
    return this.list();
  }

  async remove(name: string): Promise<{ servers: ServerView[] }> {
    this.configured(name);
    await this.editServers((servers) => servers.filter((s) => s.name !== name));
    return this.list();
  }

  /** Starts a reconnect and answers at once: progress arrives as servers.statusChanged. */
  reconnect(name: string): ServerView {
    const server = this.configured(name);
    if (!server.enabled) throw new Conflict(say('server.disabled', { name }));
    void this.deps.connections.reconnect(name);
    return this.view(server);
  }

  async rediscover(name?: string): Promise<{ servers: ServerView[] }> {
    if (name !== undefined) this.configured(name);
    await this.deps.connections.rediscover(name);
    return this.list();
  }

  acceptInstructions(name: string, currentHash: string): ServerView {
    const server = this.configured(name);
    if (!this.deps.instructions) throw new NotFound(say('server.notConfigured', { name }));
    this.deps.instructions.accept(name, currentHash);
    return this.view(server);
  }

  /** The operator's answer to a waiting stdio launch: launch it, or disable the entry. */
  async confirmLaunch(name: string, commandLine: string, launch: boolean): Promise<ServerView> {
    const server = this.configured(name);
    const { launches, connections } = this.deps;
    if (!isStdioServer(server) || !launches?.waits(server))
      throw new Conflict(say('server.launchNotWaiting', { name }));
    // The operator answers what was shown: a command line edited since then is a new question.
    if (commandLine !== commandLineText(server))
      throw new Conflict(say('server.launchChanged', { name, commandLine: commandLineText(server) }));
    if (!launch) {
      await this.editServers((servers) => servers.map((s) => (s.name === name ? { ...s, enabled: false } : s)));
      return this.view(this.configured(name));
    }
    await launches.confirm([server]);
    // Launched now where it is connected from here (the console); a command that connects nothing only records it.
    if (connections.state(name)) void connections.reconnect(name);
    return this.view(server);
  }

  /**
   * A server's launch as `confirm-launch` shows it: its exact command line (null: not a stdio server, it runs none)
   * and this machine's verdict on it (`waiting` for the operator, `confirmed`, or none: written in the config by hand).
   */
  launchStatus(name: string): { commandLine: string | null; verdict: Verdict | undefined } {
    const server = this.configured(name);
    if (!isStdioServer(server)) return { commandLine: null, verdict: undefined };
    return { commandLine: commandLineText(server), verdict: this.deps.launches?.verdictOf(server) };
  }

  /**
   * Every stdio entry an import writes waits for a launch confirmation, unless its command line is known here.
   * `trustCommands`: the operator has seen and confirmed them already (the CLI's --trust-command), so none waits.
   */
  import(
    text: string,
    onConflict: ConflictPolicy,
    dryRun: boolean,
    allowEnv: EnvConsent,
    options: { trustCommands?: boolean } = {},
  ): Promise<ImportResult> {
    const { launches } = this.deps;
    return importServers(
      this.deps.config,
      text,
      onConflict,
      dryRun,
      allowEnv,
      launches &&
        (options.trustCommands
          ? (imported) => launches.confirm(imported)
          : (imported, known) => launches.markImported(imported, known)),
    );
  }

  /** The stdio command lines an import (its preview) would run that this machine has not run: not configured, not confirmed. */
  newCommands(preview: ImportResult): StdioServerConfig[] {
    const configured = new Set(this.servers().filter(isStdioServer).map(commandLineHash));
    return preview.servers
      .filter((s) => s.action !== 'skip')
      .map((s) => s.config)
      .filter(isStdioServer)
      .filter((s) => !configured.has(commandLineHash(s)) && this.deps.launches?.verdictOf(s) !== 'confirmed');
  }

  /** Opens the server's OAuth page; the outcome reaches the console as servers.authChanged and its status. */
  async signIn(name: string): Promise<{ name: string; authorizationUrl: string | null; opened: boolean }> {
    const handle = await this.startSignIn(name);
    handle.done.catch(() => undefined);
    return { name, authorizationUrl: handle.authorizationUrl, opened: handle.opened };
  }

  /** The sign-in itself, for a caller that waits for it (`auth login`): `done` settles when the flow ends. */
  startSignIn(name: string, open: BrowserOpener = this.deps.openBrowser): Promise<SignInHandle> {
    return this.deps.auth.signIn(name, open);
  }

  /** Forgets the server's tokens; it reconnects (without them) unless `reconnect: false` (a one-shot command). */
  async signOut(name: string, options: { reconnect?: boolean } = {}): Promise<ServerView> {
    await this.deps.auth.signOut(name, options);
    return this.view(this.configured(name));
  }

  /** One server as `list` shows it; a name not configured is not found. */
  get(name: string): ServerView {
    return this.view(this.configured(name));
  }

  /** The server's log (notifications/message, stderr, the host's notes) and the level asked of it. */
  logs(name: string): ServerLogView {
    this.configured(name);
    return this.deps.connections.sessions.logView(name);
  }

  setLogLevel(name: string, level: LogLevel): Promise<ServerLogView> {
    this.configured(name);
    return this.deps.connections.sessions.setLogLevel(name, level);
  }

  private view(server: ServerConfig): ServerView {
    return serverView(server, this.deps.connections, this.deps.auth, this.deps.instructions);
  }

  private servers(): ServerConfig[] {
    return this.deps.config.current().agent.mcp.servers;
  }

  private configured(name: string): ServerConfig {
    const server = this.servers().find((s) => s.name === name);
    if (!server) throw new NotFound(say('server.notConfigured', { name }));
    return server;
  }

  private assertNameFree(name: string): void {
    if (this.servers().some((s) => s.name === name)) throw new Conflict(say('server.nameTaken', { name }));
  }

  private editServers(change: (servers: ServerConfig[]) => ServerConfig[]) {
    return this.deps.config.edit((current) => [
      { op: 'merge', path: ['agent', 'mcp', 'servers'], value: change([...current.agent.mcp.servers]) },
    ]);
  }
}

/** `server` from the console with its masked values put back to the literals `stored` holds; a mask standing for nothing is refused. */
function withLiterals(server: ServerConfig, stored: ServerConfig | undefined): ServerConfig {
  const restored = restoreServerSecrets(server, stored);
  if (restored.problems.length > 0)
    throw new Invalid(
      unmatchedMasks(restored.problems),
      restored.problems.map((p) => ({ path: `server.${p.path}`, message: p.message, uiMessage: p.uiMessage })),
    );
  return restored.server;
}
