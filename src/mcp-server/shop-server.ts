// The shop MCP server over Streamable HTTP at /mcp, in both protocol eras: 2026-07-28 requests (stateless, their
// identity in each request's _meta) go to the v2 SDK's createMcpHandler; 2025-era clients keep stateful sessions
// (one transport + McpServer each). 127.0.0.1 only, DNS-rebinding and bearer checks in front of everything.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { errorText } from '../shared/error-text';
import { traceTransport } from '../shared/mcp/traced-transport';
import { allowedHostsForPort, checkBearerToken, checkHostAndOrigin } from './request-guards';
import { createShopMcpServer, SHOP_TOOLS, type StoreFor } from './shop-mcp-server';
import { seedShopData } from './shop-seed';
import { loadShopSkills } from './shop-skills';
import { ShopStore } from './shop-store';
import { assertToolsDeclareReadOnlyHint, type ShopToolDefinition } from './shop-tool-definition';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface ShopServerOptions {
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
  /** A session unused this long is closed (default 10 min). */
  sessionIdleMs?: number;
  /** At most this many sessions; a new one closes the least recently used idle one (default 500). */
  maxSessions?: number;
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

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastUsed: number;
  /** Requests being served (POST, DELETE): such a session is busy and is never closed for another. */
  active: number;
  /** Its standalone SSE streams held open (GET; the SDK allows one per session): not idle, but not busy either. */
  streams: number;
}

/**
 * Sessions expire: each one holds a transport and an McpServer (~50 KB), and 10,000 `initialize` requests
 * retained 477 MB. Idle ones are closed after `sessionIdleMs`, and past `maxSessions` a new session closes
 * the least recently used idle one (the Map is kept in order of last use). This holds with or without --token.
 * A held SSE stream does not reserve its session: 500 sessions each holding a GET stream made every new client get
 * 503. At the cap, when no session is idle, the least recently used one whose only activity is a held stream is
 * closed (its stream ends), so one client holding streams cannot starve the others; only requests in flight count
 * as busy. A session with a stream is still never closed for being idle.
 */
const DEFAULT_SESSION_IDLE_MS = 10 * 60_000;
const DEFAULT_MAX_SESSIONS = 500;
/** Fresh demo states kept for runs (test cases, replays) at once. */
const DEMO_STATES = 64;

export async function startShopServer(opts: ShopServerOptions = {}): Promise<ShopServerHandle> {
  const tools = [...SHOP_TOOLS, ...(opts.extraTools ?? [])];
  assertToolsDeclareReadOnlyHint(tools);
  assertUniqueToolNames(tools);

  const now = opts.now ?? (() => new Date());
  const store = new ShopStore(seedShopData(now()), now);
  // A test case's or a replay's own demo state, made fresh from the seed at its first call and dropped, oldest
  // first, past DEMO_STATES (a run's calls come within seconds; a state is never needed after its run).
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
  const sessions = new Map<string, Session>();
  const skills = await loadShopSkills();
  // The 2026-07-28 era: a fresh McpServer per request, and no legacy fallback here (2025 clients get the sessions below).
  // Its per-request transport is traced like a session's (SERVER spans under the caller's _meta context).
  const modernHandler = createMcpHandler(
    () => withTracedConnect(createShopMcpServer(tools, storeFor, skills), () => port),
    { legacy: 'reject' },
  );
  const serveModern = toNodeHandler(modernHandler);
  const sockets = new Set<Socket>();
  let allowedHosts: string[] = [];
  let closing = false;

  const httpServer = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, `Internal server error: ${errorText(error)}`);
      else res.destroy();
    });
  });
  // Tracked so close() can end keep-alive and open SSE connections instead of waiting for them.
  httpServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const hostCheck = checkHostAndOrigin(req.headers, allowedHosts);
    if (!hostCheck.ok) return sendJsonRpcError(res, hostCheck.status, -32000, hostCheck.message);
    const authCheck = checkBearerToken(req.headers, opts.token);
    if (!authCheck.ok) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendJsonRpcError(res, authCheck.status, -32000, authCheck.message);
    }
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== MCP_PATH) {
      return sendJsonRpcError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);
    }
    if (closing) return sendJsonRpcError(res, 503, -32000, 'Server is shutting down');
    if (req.method !== 'POST' && req.method !== 'GET' && req.method !== 'DELETE') {
      res.setHeader('Allow', 'GET, POST, DELETE');
      return sendJsonRpcError(res, 405, -32000, 'Method not allowed');
    }

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
      if (opts.initializeDelayMs && (body?.json as { method?: unknown } | undefined)?.method === 'server/discover')
        await sleep(opts.initializeDelayMs);
      return serveModern(req, res, body?.json);
    }

    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (session && sessionId) {
      sessions.delete(sessionId); // re-inserted last: the Map stays in order of last use
      sessions.set(sessionId, session);
      const held = req.method === 'GET';
      if (held) session.streams += 1;
      else session.active += 1;
      res.once('close', () => {
        if (held) session.streams -= 1;
        else session.active -= 1;
        session.lastUsed = Date.now();
      });
      return session.transport.handleRequest(req, res, body?.json);
    }
    if (sessionId) return sendJsonRpcError(res, 404, -32001, 'Session not found');
    if (req.method !== 'POST' || !isInitializeRequest(body?.json)) {
      return sendJsonRpcError(res, 400, -32000, 'Bad Request: No valid session ID provided');
    }

    if (opts.initializeDelayMs) await sleep(opts.initializeDelayMs);
    if (closing) return sendJsonRpcError(res, 503, -32000, 'Server is shutting down');
    if (sessions.size >= maxSessions && !closeLeastRecentlyUsed())
      return sendJsonRpcError(res, 503, -32000, 'Too many sessions: every one is busy');
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastUsed: Date.now(), active: 0, streams: 0 });
      },
    });
    // Set before connect(): the SDK chains its own onclose after ours. DELETE ends up here too.
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    // SERVER spans, children of the caller's span from params._meta, whenever the process runs OpenTelemetry.
    traceTransport(transport, {
      side: 'server',
      networkTransport: 'tcp',
      serverAddress: '127.0.0.1',
      serverPort: port,
    });
    const server = createShopMcpServer(tools, storeFor, skills);
    await server.connect(transport);
    await transport.handleRequest(req, res, body?.json);
  }

  const sessionIdleMs = opts.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const maxSessions = opts.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const closeSession = (id: string, session: Session) => {
    sessions.delete(id);
    void session.server.close().catch(() => undefined);
  };
  /** Frees a place: the least recently used idle session, else the least recently used one that only holds a stream. */
  function closeLeastRecentlyUsed(): boolean {
    for (const onlyIdle of [true, false]) {
      for (const [id, session] of sessions) {
        if (session.active > 0 || (onlyIdle && session.streams > 0)) continue;
        closeSession(id, session);
        return true;
      }
    }
    return false;
  }
  const sweep = setInterval(
    () => {
      const idleSince = Date.now() - sessionIdleMs;
      for (const [id, session] of sessions)
        if (session.active === 0 && session.streams === 0 && session.lastUsed < idleSince) closeSession(id, session);
    },
    Math.max(100, Math.min(sessionIdleMs / 2, 60_000)),
  );
  sweep.unref();

  const port = await listenOnLoopback(httpServer, opts.port ?? 0);
  allowedHosts = allowedHostsForPort(port);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      closing = true;
      clearInterval(sweep);
      const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.allSettled([...[...sessions.values()].map((s) => s.server.close()), modernHandler.close()]);
      sessions.clear();
      for (const socket of sockets) socket.destroy();
      await httpClosed;
    })();
    return closed;
  };

  const resetDemoData = () => {
    store.reset(seedShopData(now()));
    demoStates.clear();
  };
  return { url: `http://127.0.0.1:${port}${MCP_PATH}`, port, store, resetDemoData, close };
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

type BodyResult = { json: unknown } | { error: string; status: number; code: number };

async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { error: 'Request body too large', status: 413, code: -32000 };
    chunks.push(chunk);
  }
  try {
    return { json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { error: 'Parse error: request body is not valid JSON', status: 400, code: -32700 };
  }
}

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

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
