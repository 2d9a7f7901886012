import { isBuiltinServer, isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import { maskServer, restoreServerSecrets, unmatchedMasks } from '../../../shared/config/secrets';
import type { ServerView } from '../../../shared/contract';
import type { Handlers } from '../router';
import type { ConfigStore } from '../../core/config/config-store';
import { importServers } from '../../core/config/import-servers';
import type { AuthService } from '../../core/auth';
import type { ConnectionManager } from '../../core/mcp';
import { commandLineText, type LaunchConfirmations } from '../../core/mcp/launch-confirmations';
import type { InstructionsService } from '../../core/catalog/instructions-service';
import { initialState, type ServerState } from '../../core/mcp/types';
import { shownIcons } from '../../../shared/mcp/icons';
import { Conflict, Invalid, NotFound } from '../../core/errors';
import { say } from '../../../shared/messages';

type ServerRoutes =
  | 'servers.acceptInstructions'
  | 'servers.list'
  | 'servers.add'
  | 'servers.update'
  | 'servers.remove'
  | 'servers.reconnect'
  | 'servers.rediscover'
  | 'servers.confirmLaunch'
  | 'config.import';

/** Server management. The renderer names servers; commands and URLs come only from main's own config. */
export function createServerHandlers(
  config: ConfigStore,
  connections: ConnectionManager,
  auth: AuthService,
  instructions?: InstructionsService,
  launches?: LaunchConfirmations,
): Pick<Handlers, ServerRoutes> {
  const view = (server: ServerConfig): ServerView => serverView(server, connections, auth, instructions);
  const list = () => ({ servers: config.current().agent.mcp.servers.map(view) });
  const configured = (name: string) => {
    const server = config.current().agent.mcp.servers.find((s) => s.name === name);
    if (!server) throw new NotFound(say('server.notConfigured', { name }));
    return server;
  };
  /** Rewrites agent.mcp.servers through the YAML document, so untouched entries keep their comments. */
  const editServers = (change: (servers: ServerConfig[]) => ServerConfig[]) =>
    config.edit((current) => [
      { op: 'merge', path: ['agent', 'mcp', 'servers'], value: change([...current.agent.mcp.servers]) },
    ]);

  return {
    'servers.list': list,
    'servers.add': async ({ server, index }) => {
      if (config.current().agent.mcp.servers.some((s) => s.name === server.name))
        throw new Conflict(say('server.nameTaken', { name: server.name }));
      await editServers((servers) => {
        servers.splice(index ?? servers.length, 0, withLiterals(server, undefined));
        return servers;
      });
      return list();
    },
    'servers.update': async ({ name, server }) => {
      configured(name);
      if (server.name !== name && config.current().agent.mcp.servers.some((s) => s.name === server.name))
        throw new Conflict(say('server.nameTaken', { name: server.name }));
      // The form shows secrets masked: one left as it was keeps the literal in the file.
      await editServers((servers) => servers.map((s) => (s.name === name ? withLiterals(server, s) : s)));
      return list();
    },
    'servers.remove': async ({ name }) => {
      configured(name);
      await editServers((servers) => servers.filter((s) => s.name !== name));
      return list();
    },
    'servers.reconnect': ({ name }) => {
      const server = configured(name);
      if (!server.enabled) throw new Conflict(say('server.disabled', { name }));
      void connections.reconnect(name); // progress arrives as servers.statusChanged; never hold the UI on a slow server
      return view(server);
    },
    'servers.rediscover': async ({ name }) => {
      if (name !== undefined) configured(name);
      await connections.rediscover(name);
      return list();
    },
    'servers.acceptInstructions': ({ name, currentHash }) => {
      const server = configured(name);
      if (!instructions) throw new NotFound(say('server.notConfigured', { name }));
      instructions.accept(name, currentHash);
      return view(server);
    },
    'servers.confirmLaunch': async ({ name, commandLine, launch }) => {
      const server = configured(name);
      if (!isStdioServer(server) || !launches?.waits(server))
        throw new Conflict(say('server.launchNotWaiting', { name }));
      // The operator answers what was shown: a command line edited since then is a new question.
      if (commandLine !== commandLineText(server))
        throw new Conflict(say('server.launchChanged', { name, commandLine: commandLineText(server) }));
      if (!launch) {
        await editServers((servers) => servers.map((s) => (s.name === name ? { ...s, enabled: false } : s)));
        return view(configured(name));
      }
      await launches.confirm([server]);
      void connections.reconnect(name);
      return view(server);
    },
    // Every stdio entry an import writes waits for a launch confirmation, unless its command line is known here.
    'config.import': ({ text, onConflict, dryRun, allowEnv }) =>
      importServers(
        config,
        text,
        onConflict,
        dryRun,
        allowEnv,
        launches && ((imported, known) => launches.markImported(imported, known)),
      ),
  };
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

/** A server as the console sees it: its config (literal secrets masked), its live state and, for a remote one, its authorization (never a token). */
export function serverView(
  server: ServerConfig,
  connections: ConnectionManager,
  auth: AuthService,
  instructions?: InstructionsService,
): ServerView {
  const state = connections.state(server.name) ?? initialState(server.name, server.enabled ? 'connecting' : 'disabled');
  return {
    name: server.name,
    kind: isBuiltinServer(server)
      ? 'builtin'
      : isStdioServer(server)
        ? 'stdio'
        : server.transport === 'sse'
          ? 'sse'
          : 'http',
    enabled: server.enabled,
    status: state.status,
    error: state.error,
    errorMessage: state.errorMessage,
    transport: state.transport,
    endpoint: isBuiltinServer(server)
      ? `builtin:${server.builtin}`
      : isStdioServer(server)
        ? [server.command, ...server.args].join(' ')
        : server.url,
    connectedAt: state.connectedAt,
    discoveredAt: state.discoveredAt,
    protocolVersion: state.protocolVersion,
    serverInfo: serverInfoView(state.serverInfo),
    offeredCapabilities: state.offeredCapabilities,
    declaredCapabilities: state.declaredCapabilities,
    instructions: state.instructions,
    instructionsPin: instructions?.pinOf(server.name) ?? null,
    toolCount: state.toolCount,
    tools: state.tools.map((t) => t.name),
    refusedTools: state.status === 'connected' ? state.refusedTools.map((r) => ({ ...r })) : [],
    toolsCache: state.status === 'connected' && state.toolsCache ? { ...state.toolsCache } : null,
    stderrTail: state.stderrTail,
    startup: state.startup,
    reconnectAttempt: state.reconnectAttempt,
    nextRetryAt: state.nextRetryAt,
    auth: auth.view(server),
    launchConfirmation:
      state.status === 'needs-confirmation' && isStdioServer(server) ? { commandLine: commandLineText(server) } : null,
    config: maskServer(server),
  };
}

/** The server's own info, with only the icons the console shows (shared/mcp/icons.ts: a remote URL is never fetched). */
function serverInfoView(info: ServerState['serverInfo']): ServerView['serverInfo'] {
  if (!info) return null;
  const { icons, ...rest } = info;
  const shown = shownIcons(icons).icons;
  return { ...rest, ...(shown.length > 0 && { icons: shown }) };
}
