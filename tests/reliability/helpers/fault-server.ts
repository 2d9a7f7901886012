import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { Server, isInitializeRequest } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/**
 * A real MCP server over Streamable HTTP that misbehaves on request: tools that hang, answers built
 * by hand (malformed or absurdly deep JSON the SDK could never serialise), and a "forget every
 * session" switch that makes it answer 404 to the old session id, as a restarted server does. It
 * logs the calls and every notifications/cancelled that arrives on the wire.
 */
export interface FaultTool {
  name: string;
  readOnly: boolean;
  idempotent?: boolean;
  /** Default `fault tool <name>`. */
  description?: string;
  /** Default: an object with no properties. */
  inputSchema?: { type: 'object'; properties?: Record<string, object> };
  handler?: (args: Record<string, unknown>, extra: { signal: AbortSignal }) => Promise<CallToolResult> | CallToolResult;
  /** The JSON text of `result`, sent as is (bypasses the SDK, so it may be anything). */
  rawResult?: () => string;
  /** A call to it gets its TCP connection destroyed instead of an answer. */
  dropConnection?: boolean;
}

export interface FaultServer {
  url: string;
  port: number;
  calls: { name: string; arguments: Record<string, unknown>; session: string }[];
  cancelled: { requestId: unknown; reason: unknown }[];
  /** Forgets every session (keeps listening): the next request on an old session id gets 404. */
  dropSessions(): void;
  sessionCount(): number;
  close(): Promise<void>;
}

export async function startFaultServer(options: { tools: FaultTool[]; port?: number }): Promise<FaultServer> {
  const calls: FaultServer['calls'] = [];
  const cancelled: FaultServer['cancelled'] = [];
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const sockets = new Set<Socket>();

  const newServer = (session: () => string) => {
    const server = new Server({ name: 'fault', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({
      tools: options.tools.map((t) => ({
        name: t.name,
        description: t.description ?? `fault tool ${t.name}`,
        inputSchema: (t.inputSchema ?? { type: 'object' as const, properties: {} }) as Tool['inputSchema'],
        annotations: { readOnlyHint: t.readOnly, ...(t.idempotent !== undefined && { idempotentHint: t.idempotent }) },
      })),
    }));
    server.setRequestHandler('tools/call', async (request, ctx) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      calls.push({ name: request.params.name, arguments: args, session: session() });
      const tool = options.tools.find((t) => t.name === request.params.name);
      if (!tool) return { isError: true, content: [{ type: 'text', text: `unknown tool ${request.params.name}` }] };
      if (tool.handler) return tool.handler(args, { signal: ctx.mcpReq.signal });
      return { content: [{ type: 'text', text: JSON.stringify({ ok: tool.name, args }) }] };
    });
    return server;
  };

  const notFound = (res: ServerResponse) =>
    void res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text
      ? (JSON.parse(text) as {
          method?: string;
          id?: unknown;
          params?: { name?: string; requestId?: unknown; reason?: unknown };
        })
      : undefined;
    if (body?.method === 'notifications/cancelled')
      cancelled.push({ requestId: body.params?.requestId, reason: body.params?.reason });
    const sessionId = req.headers['mcp-session-id'];
    const transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (sessionId !== undefined && !transport) return notFound(res);
    if (transport) {
      const called =
        body?.method === 'tools/call' ? options.tools.find((t) => t.name === body.params?.name) : undefined;
      if (called?.dropConnection) {
        calls.push({ name: called.name, arguments: {}, session: String(sessionId) });
        req.socket.destroy();
        return;
      }
      const raw = called?.rawResult;
      if (raw) {
        calls.push({ name: body!.params!.name!, arguments: {}, session: String(sessionId) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"jsonrpc":"2.0","id":${JSON.stringify(body!.id)},"result":${raw()}}`);
        return;
      }
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) return notFound(res);
    let id = '';
    const created: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (sid) => {
        id = sid;
        sessions.set(sid, created);
      },
    });
    await newServer(() => id).connect(created);
    await created.handleRequest(req, res, body);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    });
  });
  http.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    calls,
    cancelled,
    dropSessions: () => sessions.clear(),
    sessionCount: () => sessions.size,
    async close() {
      await Promise.all([...sessions.values()].map((t) => t.close().catch(() => undefined)));
      sessions.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
