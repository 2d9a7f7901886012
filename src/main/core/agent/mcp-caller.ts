import { httpStatusOf, type CallToolOptions } from '../mcp';
import type { McpCaller } from './tool-proxy';

/** The slice of the connection manager the agent needs. */
export interface ConnectionsPort {
  callTool(server: string, name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<unknown>;
  reconnect(server: string): Promise<void>;
}

/** Without a per-server timeoutMs a call may take this long (the SDK's own default). */
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;

export class StaleSessionError extends Error {
  override readonly name = 'StaleSessionError';
  constructor(
    readonly server: string,
    readonly tool: string,
  ) {
    super(
      `${server} restarted and no longer knows this session, so it refused the call before running it (HTTP 404). ` +
        `"${tool}" changes data, so it was not sent again automatically; Switchboard is reconnecting. Ask the user before trying again.`,
    );
  }
}

/**
 * The agent's way to the MCP servers: every call gets the server's timeout, and a call refused because
 * the server no longer knows our session (it restarted: HTTP 404) is handled by the rules for retries.
 * The client re-initializes at once; a read-only or idempotent call is retried once on the new session;
 * any other call is not, because re-running a write the operator approved once is not ours to decide.
 */
export function createMcpCaller(
  connections: ConnectionsPort,
  timeoutFor: (server: string) => number | undefined,
  maxTotalTimeoutFor: (server: string) => number | undefined = () => undefined,
): McpCaller {
  return {
    callTool(server, name, args, { signal, meta, idempotent, onProgress, onTask, operatorWait }) {
      // timeoutMs is the longest silence: each progress notification restarts it, up to maxTotalTimeoutMs.
      const options: CallToolOptions = {
        signal,
        meta,
        onProgress,
        onTask,
        operatorWait,
        timeoutMs: timeoutFor(server) ?? DEFAULT_CALL_TIMEOUT_MS,
        maxTotalTimeoutMs: maxTotalTimeoutFor(server),
      };
      // No async wrapper on the way through: each layer cost the hot path a promise and a hop per call.
      return connections.callTool(server, name, args, options).catch(async (error: unknown) => {
        if (signal.aborted || !isStaleSession(error)) throw error;
        const reconnected = connections.reconnect(server);
        if (!idempotent) {
          void reconnected.catch(() => undefined);
          throw new StaleSessionError(server, name);
        }
        await reconnected;
        return connections.callTool(server, name, args, options); // once: a second failure is the answer
      });
    },
  };
}

/** The Streamable HTTP answer to a request on a session the server does not have (any more). */
export function isStaleSession(error: unknown): boolean {
  const e = error as { message?: unknown } | null;
  return httpStatusOf(error) === 404 || (typeof e?.message === 'string' && /Session not found/i.test(e.message));
}
