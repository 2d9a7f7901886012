import { retryingOnce } from '../retrying-once';
import { isBuiltinServer, isStdioServer, type ServerConfig } from '../../../shared/config/schema';

/**
 * The MCP SDK's client side, loaded on first use rather than with the app: the client and its JSON Schema
 * validator are a long synchronous module evaluation that held start-up in one block. Each loader is
 * memoised; a failed load is tried again next time.
 */
const lazy = retryingOnce;

export const clientModule = lazy(() => import('@modelcontextprotocol/client'));
export const stdioModule = lazy(() => import('@modelcontextprotocol/client/stdio'));
export const streamableHttpModule = lazy(() => import('@modelcontextprotocol/client'));
export const sseModule = lazy(() => import('@modelcontextprotocol/client'));

/**
 * What a connection attempt to `server` will need, loaded before its timeout starts: loading code on a busy
 * machine is not the server being slow. One after the other, so each module graph is evaluated on a turn of its own.
 */
export async function modulesFor(server: ServerConfig): Promise<unknown> {
  await clientModule();
  return isStdioServer(server)
    ? stdioModule()
    : !isBuiltinServer(server) && server.transport === 'sse'
      ? sseModule()
      : streamableHttpModule();
}
