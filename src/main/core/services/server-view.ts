import { isBuiltinServer, isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import { maskServer } from '../../../shared/config/secrets';
import type { ServerView } from '../../../shared/contract';
import { shownIcons } from '../../../shared/mcp/icons';
import type { AuthService } from '../auth';
import type { InstructionsService } from '../catalog/instructions-service';
import type { ConnectionManager } from '../mcp';
import { commandLineText } from '../mcp/launch-confirmations';
import { initialState, type ServerState } from '../mcp/types';

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

/**
 * The server's own info, with only the icons the console shows (shared/mcp/icons.ts: a remote URL is never fetched).
 * `servers.list` and `catalog --json` give the same.
 */
export function serverInfoView(info: ServerState['serverInfo']): ServerView['serverInfo'] {
  if (!info) return null;
  const { icons, ...rest } = info;
  const shown = shownIcons(icons).icons;
  return { ...rest, ...(shown.length > 0 && { icons: shown }) };
}
