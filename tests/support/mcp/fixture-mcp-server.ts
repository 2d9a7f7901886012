import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import { Server, isInitializeRequest } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

/**
 * A tiny, configurable MCP server over HTTP for connection and catalog tests: it offers whatever
 * tools a test gives it (raw JSON Schema, any name), pages tools/list, can change its tools and
 * announce it with notifications/tools/list_changed, and records what clients sent.
 */
export interface FixtureTool extends Partial<Omit<Tool, 'name'>> {
  name: string;
  /** Defaults to echoing {name, arguments, meta} as JSON text. */
  handler?: (args: Record<string, unknown>, extra: FixtureCallExtra) => Promise<CallToolResult> | CallToolResult;
}

export interface FixtureCallExtra {
  /** Aborted when the client sends notifications/cancelled for this call (its reason is the client's). */
  signal: AbortSignal;
  meta: Record<string, unknown> | undefined;
  /** Sends notifications/progress for this call's progressToken (nothing when the client sent none). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
}

export interface FixtureServerOptions {
  tools: FixtureTool[];
  /** tools/list page size; more tools than this means several pages (default: all in one). */
  pageSize?: number;
  transport?: 'streamable-http' | 'sse';
  /** Reuse a port, e.g. to bring a server "back" after close(). */
  port?: number;
  /** Answer 401 unless `Authorization: Bearer <token>` is sent. */
  token?: string;
  /** Take a DELETE (session end) and never answer it. */
  hangOnDelete?: boolean;
}

export interface FixtureServer {
  /** Streamable HTTP: http://127.0.0.1:P/mcp; SSE: http://127.0.0.1:P/sse. */
  url: string;
  port: number;
  /** Every tools/list request (one per page). */
  listRequests: { cursor: string | undefined; at: number }[];
  calls: { name: string; arguments: Record<string, unknown>; meta: Record<string, unknown> | undefined }[];
  /** Headers of every HTTP request. */
  headers: IncomingHttpHeaders[];
  /** Method and session of every HTTP request (a client ending its session sends DELETE). */
  requests: { method: string; sessionId: string | undefined }[];
  /** Session ids the server gave out, in order. */
  sessionIds: string[];
  /** Replaces the tool set and sends notifications/tools/list_changed to every open session. */
  setTools(tools: FixtureTool[]): Promise<void>;
  /** Sends notifications/tools/list_changed to every open session, tools unchanged. */
  announceToolsChanged(): Promise<void>;
  close(): Promise<void>;
}

export async function startFixtureServer(options: FixtureServerOptions): Promise<FixtureServer> {
  let tools = options.tools;
  const listRequests: FixtureServer['listRequests'] = [];
  const calls: FixtureServer['calls'] = [];
  const headers: IncomingHttpHeaders[] = [];
  const requests: FixtureServer['requests'] = [];
  const sessionIds: string[] = [];
  const sessions = new Map<
    string,
    { server: Server; transport: NodeStreamableHTTPServerTransport | SSEServerTransport }
  >();

  const newMcpServer = () => {
    const server = new Server(
      { name: 'fixture', version: '1.0.0' },
      { capabilities: { tools: { listChanged: true } } },
    );
    server.setRequestHandler('tools/list', (request) => {
      const cursor = request.params?.cursor;
      listRequests.push({ cursor, at: Date.now() });
      const start = cursor ? Number(cursor) : 0;
      const size = options.pageSize ?? tools.length;
      const page = tools.slice(start, start + size).map(toDefinition);
      return start + size < tools.length ? { tools: page, nextCursor: String(start + size) } : { tools: page };
    });
    server.setRequestHandler('tools/call', async (request, ctx) => {
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      const meta = request.params._meta as Record<string, unknown> | undefined;
      calls.push({ name: request.params.name, arguments: args, meta });
      const tool = tools.find((t) => t.name === request.params.name);
      if (!tool) return { isError: true, content: [{ type: 'text', text: `unknown tool ${request.params.name}` }] };
      const token = meta?.progressToken as string | number | undefined;
      const progress = async (value: number, total?: number, message?: string) => {
        if (token !== undefined)
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress: value, total, message },
          });
      };
      if (tool.handler) return tool.handler(args, { signal: ctx.mcpReq.signal, meta, progress });
      return { content: [{ type: 'text', text: JSON.stringify({ name: tool.name, arguments: args, meta }) }] };
    });
    return server;
  };

  const http = createServer((req, res) => {
    headers.push(req.headers);
    const session = req.headers['mcp-session-id'];
    requests.push({ method: req.method ?? '', sessionId: typeof session === 'string' ? session : undefined });
    if (options.hangOnDelete && req.method === 'DELETE') return;
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unauthorized' }));
      return;
    }
    const handle = options.transport === 'sse' ? handleSse : handleStreamable;
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });

  async function handleStreamable(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!req.url?.startsWith('/mcp')) return void res.writeHead(404).end();
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) return (existing.transport as NodeStreamableHTTPServerTransport).handleRequest(req, res, body);
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return void res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
    const server = newMcpServer();
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { server, transport });
        sessionIds.push(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function handleSse(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET' && req.url?.startsWith('/sse')) {
      const transport = new SSEServerTransport('/messages', res);
      const server = newMcpServer();
      sessions.set(transport.sessionId, { server, transport });
      res.on('close', () => sessions.delete(transport.sessionId));
      await server.connect(transport);
      return;
    }
    const sessionId = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
    const session = sessions.get(sessionId);
    if (req.method !== 'POST' || !session) return void res.writeHead(404).end();
    await (session.transport as SSEServerTransport).handlePostMessage(req, res, await readJson(req));
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const announceToolsChanged = async () => {
    await Promise.all([...sessions.values()].map((s) => s.server.sendToolListChanged().catch(() => undefined)));
  };
  return {
    url: `http://127.0.0.1:${port}/${options.transport === 'sse' ? 'sse' : 'mcp'}`,
    port,
    listRequests,
    calls,
    headers,
    requests,
    sessionIds,
    async setTools(next) {
      tools = next;
      await announceToolsChanged();
    },
    announceToolsChanged,
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.server.close().catch(() => undefined)));
      sessions.clear();
      http.closeAllConnections(); // open SSE streams would otherwise keep close() waiting
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function toDefinition(tool: FixtureTool): Tool {
  const { handler: _handler, ...definition } = tool;
  return { inputSchema: { type: 'object', properties: {} }, ...definition } as Tool;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}
