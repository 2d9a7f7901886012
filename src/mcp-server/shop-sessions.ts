// The 2025-era clients' stateful sessions (one transport + McpServer each): opened by `initialize`, found by their
// Mcp-Session-Id, closed when idle or when the pool is full.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { McpServer } from '@modelcontextprotocol/server';
import { traceTransport } from '../shared/mcp/traced-transport';
import { sendJsonRpcError } from './json-rpc-http';

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

export interface ShopSessionLimits {
  /** A session unused this long is closed (default 10 min). */
  sessionIdleMs?: number;
  /** At most this many sessions; a new one closes the least recently used idle one (default 500). */
  maxSessions?: number;
}

export class ShopSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly maxSessions: number;
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly createServer: () => McpServer,
    private readonly port: () => number,
    limits: ShopSessionLimits,
  ) {
    const sessionIdleMs = limits.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.maxSessions = limits.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.sweep = setInterval(
      () => {
        const idleSince = Date.now() - sessionIdleMs;
        for (const [id, session] of this.sessions)
          if (session.active === 0 && session.streams === 0 && session.lastUsed < idleSince)
            this.closeSession(id, session);
      },
      Math.max(100, Math.min(sessionIdleMs / 2, 60_000)),
    );
    this.sweep.unref();
  }

  /** Serves a request of the open session `sessionId`; undefined when there is no such session. */
  serve(sessionId: string, req: IncomingMessage, res: ServerResponse, json: unknown): Promise<void> | undefined {
    const session = this.sessions.get(sessionId);
    if (!session) return undefined;
    this.sessions.delete(sessionId); // re-inserted last: the Map stays in order of last use
    this.sessions.set(sessionId, session);
    const held = req.method === 'GET';
    if (held) session.streams += 1;
    else session.active += 1;
    res.once('close', () => {
      if (held) session.streams -= 1;
      else session.active -= 1;
      session.lastUsed = Date.now();
    });
    return session.transport.handleRequest(req, res, json);
  }

  /** Opens a session for an `initialize` request and serves it; a full pool of busy sessions answers 503. */
  async open(req: IncomingMessage, res: ServerResponse, json: unknown): Promise<void> {
    if (this.sessions.size >= this.maxSessions && !this.closeLeastRecentlyUsed())
      return sendJsonRpcError(res, 503, -32000, 'Too many sessions: every one is busy');
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, lastUsed: Date.now(), active: 0, streams: 0 });
      },
    });
    // Set before connect(): the SDK chains its own onclose after ours. DELETE ends up here too.
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    // SERVER spans, children of the caller's span from params._meta, whenever the process runs OpenTelemetry.
    traceTransport(transport, {
      side: 'server',
      networkTransport: 'tcp',
      serverAddress: '127.0.0.1',
      serverPort: this.port(),
    });
    const server = this.createServer();
    await server.connect(transport);
    await transport.handleRequest(req, res, json);
  }

  /** Stops the idle sweep and closes every session. */
  async close(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.allSettled([...this.sessions.values()].map((s) => s.server.close()));
    this.sessions.clear();
  }

  private closeSession(id: string, session: Session): void {
    this.sessions.delete(id);
    void session.server.close().catch(() => undefined);
  }

  /** Frees a place: the least recently used idle session, else the least recently used one that only holds a stream. */
  private closeLeastRecentlyUsed(): boolean {
    for (const onlyIdle of [true, false]) {
      for (const [id, session] of this.sessions) {
        if (session.active > 0 || (onlyIdle && session.streams > 0)) continue;
        this.closeSession(id, session);
        return true;
      }
    }
    return false;
  }
}
