// The shop MCP server over Streamable HTTP at /mcp, in both protocol eras: 2026-07-28 requests (stateless, their
// identity in each request's _meta) go to the v2 SDK's createMcpHandler; 2025-era clients keep stateful sessions
// (one transport + McpServer each). 127.0.0.1 only, DNS-rebinding and bearer checks in front of everything.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { errorText } from '../shared/error-text';
import { traceTransport } from '../shared/mcp/traced-transport';
import { headerValue, readJsonBody, sendJsonRpcError } from './json-rpc-http';
import { allowedHostsForPort, checkBearerToken, checkHostAndOrigin } from './request-guards';
import { createShopMcpServer, SHOP_TOOLS, type StoreFor } from './shop-mcp-server';
import { seedShopData } from './shop-seed';
import { loadShopSkills } from './shop-skills';
import { ShopStore } from './shop-store';
import { ShopSessions, type ShopSessionLimits } from './shop-sessions';
import { warmUpModernHandler } from './warm-up-request';
import { assertToolsDeclareReadOnlyHint, type ShopToolDefinition } from './shop-tool-definition';

export const MCP_PATH = '/mcp';

export interface ShopServerOptions extends ShopSessionLimits {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** Delay before answering `initialize` (2025) or `server/discover` (2026-07-28), to simulate a slow server in benchmarks. */
  initializeDelayMs?: number;
  /** Clock for seed dates and business rules (refund window, "last N days"). */
  now?: () => Date;
  /** Additional tools, for tests (e.g. one without readOnlyHint, to prove the start-up check). */
  extraTools?: ShopToolDefinition[];
}

export interface ShopServerHandle {
  /** http://127.0.0.1:PORT/mcp */
  url: string;
  port: number;
  /** The live demo data (what a chat changes). */
  store: ShopStore;
  /** Puts the live demo data back to the seed; the fresh states of runs are dropped too. */
  resetDemoData(): void;
  close(): Promise<void>;
}

/** Fresh demo states kept for runs (test cases, replays) at once. */
const DEMO_STATES = 64;

export async function startShopServer(opts: ShopServerOptions = {}): Promise<ShopServerHandle> {
  const tools = [...SHOP_TOOLS, ...(opts.extraTools ?? [])];
  assertToolsDeclareReadOnlyHint(tools);
  assertUniqueToolNames(tools);

  const now = opts.now ?? (() => new Date());
  const demo = demoStores(now);
  const skills = await loadShopSkills();
  // The 2026-07-28 era: a fresh McpServer per request, and no legacy fallback here (2025 clients get the sessions below).
  // Its per-request transport is traced like a session's (SERVER spans under the caller's _meta context).
  const modernHandler = createMcpHandler(
    () => withTracedConnect(createShopMcpServer(tools, demo.storeFor, skills), () => port),
    { legacy: 'reject' },
  );
  await warmUpModernHandler(modernHandler);
  const sessions = new ShopSessions(
    () => createShopMcpServer(tools, demo.storeFor, skills),
    () => port,
    opts,
  );
  const sockets = new Set<Socket>();
  let allowedHosts: string[] = [];
  let closing = false;
  const endpoint: Endpoint = {
    allowedHosts: () => allowedHosts,
    token: opts.token,
    closing: () => closing,
    initializeDelayMs: opts.initializeDelayMs,
    serveModern: toNodeHandler(modernHandler),
    sessions,
  };

  const httpServer = createServer((req, res) => {
    handleRequest(endpoint, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Internal server error: ${errorText(error)}`);
      else res.destroy();
    });
  });
  // Tracked so close() can end keep-alive and open SSE connections instead of waiting for them.
  httpServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const port = await listenOnLoopback(httpServer, opts.port ?? 0);
  allowedHosts = allowedHostsForPort(port);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.allSettled([sessions.close(), modernHandler.close()]);
      for (const socket of sockets) socket.destroy();
      await httpClosed;
    })();
    return closed;
  };
  return { url: `http://127.0.0.1:${port}${MCP_PATH}`, port, store: demo.store, resetDemoData: demo.reset, close };
}

/**
 * The live demo data, and a test case's or a replay's own demo state, made fresh from the seed at its first call and
 * dropped, oldest first, past DEMO_STATES (a run's calls come within seconds; a state is never needed after its run).
 */
function demoStores(now: () => Date): { store: ShopStore; storeFor: StoreFor; reset: () => void } {
  const store = new ShopStore(seedShopData(now()), now);
  const demoStates = new Map<string, ShopStore>();
  const storeFor: StoreFor = (name) => {
    if (name === undefined) return store;
    let own = demoStates.get(name);
    if (!own) {
      own = new ShopStore(seedShopData(now()), now);
      demoStates.set(name, own);
      if (demoStates.size > DEMO_STATES) demoStates.delete(demoStates.keys().next().value as string);
    }
    return own;
  };
  const reset = () => {
    store.reset(seedShopData(now()));
    demoStates.clear();
  };
  return { store, storeFor, reset };
}

/** What the endpoint's request handling reads. */
interface Endpoint {
  allowedHosts: () => string[];
  token: string | undefined;
  closing: () => boolean;
  initializeDelayMs: number | undefined;
  serveModern: (req: IncomingMessage, res: ServerResponse, json?: unknown) => Promise<void>;
  sessions: ShopSessions;
}

/** The guards, then the era: a stateless 2026-07-28 request, a 2025 session's request, or a 2025 `initialize`. */
async function handleRequest(endpoint: Endpoint, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!passesGuards(endpoint, req, res)) return;
  const sessionId = headerValue(req.headers['mcp-session-id']);
  const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
  if (body && 'error' in body) return sendJsonRpcError(res, body.status, body.code, body.error);

  // The SDK's own classification, so this branch never disagrees with createMcpHandler: a request without a session
  // that is not 2025-era is served statelessly by the modern handler.
  if (
    !sessionId &&
    req.method === 'POST' &&
    !(await isLegacyRequest(await toWebRequest(req, body?.json), body?.json))
  ) {
    // server/discover is this era's initialize: a simulated slow server is slow there too.
    if (endpoint.initializeDelayMs && (body?.json as { method?: unknown } | undefined)?.method === 'server/discover')
      await sleep(endpoint.initializeDelayMs);
    return endpoint.serveModern(req, res, body?.json);
  }

  if (sessionId) {
    const served = endpoint.sessions.serve(sessionId, req, res, body?.json);
    return served ?? sendJsonRpcError(res, 404, -32001, 'Session not found');
  }
  if (req.method !== 'POST' || !isInitializeRequest(body?.json)) {
    return sendJsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
  }
  if (endpoint.initializeDelayMs) await sleep(endpoint.initializeDelayMs);
  if (endpoint.closing()) return sendJsonRpcError(res, 503, -32000, 'Server is shutting down');
  return endpoint.sessions.open(req, res, body?.json);
}

/** DNS rebinding, the bearer token, the path, shutdown and the method; a refused request is answered here. */
function passesGuards(endpoint: Endpoint, req: IncomingMessage, res: ServerResponse): boolean {
  const refuse = (status: number, message: string) => {
    sendJsonRpcError(res, status, -32000, message);
    return false;
  };
  const hostCheck = checkHostAndOrigin(req.headers, endpoint.allowedHosts());
  if (!hostCheck.ok) return refuse(hostCheck.status, hostCheck.message);
  const authCheck = checkBearerToken(req.headers, endpoint.token);
  if (!authCheck.ok) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    return refuse(authCheck.status, authCheck.message);
  }
  if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== MCP_PATH)
    return refuse(404, `Not found: the MCP endpoint is ${MCP_PATH}`);
  if (endpoint.closing()) return refuse(503, 'Server is shutting down');
  if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
    res.setHeader('Allow', 'GET, POST, DELETE');
    return refuse(405, 'Method not allowed');
  }
  return true;
}

function assertUniqueToolNames(tools: ReadonlyArray<{ name: string }>): void {
  const seen = new Set<string>();
  for (const { name } of tools) {
    if (seen.has(name)) throw new Error(`Shop MCP server refuses to start: tool "${name}" is registered twice`);
    seen.add(name);
  }
}

function listenOnLoopback(server: ReturnType<typeof createServer>, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('Shop MCP server: could not determine the bound port'));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `server`, whose connect() traces the transport it is given: the modern handler makes that transport per request. */
function withTracedConnect(server: McpServer, port: () => number): McpServer {
  const connect = server.connect.bind(server);
  server.connect = (transport) =>
    connect(
      traceTransport(transport, {
        side: 'server',
        networkTransport: 'tcp',
        serverAddress: '127.0.0.1',
        serverPort: port(),
      }),
    );
  return server;
}
