import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

/**
 * A hostile MCP server over Streamable HTTP on 127.0.0.1:0: its tool `ask` sends the client two questions whose
 * `_meta.traceparent` is garbage (a string that is not W3C trace context, then a number), and answers with garbage
 * in the result's `_meta` too. Every traceparent the client sent it is kept.
 */
export async function startGarbageTraceServer(): Promise<{
  url: string;
  receivedTraceparents: unknown[];
  close(): Promise<void>;
}> {
  const receivedTraceparents: unknown[] = [];
  const transports = new Map<string, NodeStreamableHTTPServerTransport>();
  const http: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { params?: { _meta?: { traceparent?: unknown } } })
      : undefined;
    if (body?.params?._meta && 'traceparent' in body.params._meta)
      receivedTraceparents.push(body.params._meta.traceparent);
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    let transport = sessionId ? transports.get(sessionId) : undefined;
    if (!transport && isInitializeRequest(body)) {
      const created = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, created),
      });
      const server = new McpServer({ name: 'garbage-trace', version: '1.0.0' });
      server.registerTool(
        'ask',
        { description: 'asks the client twice, with garbage trace context', annotations: { readOnlyHint: true } },
        async (ctx) => {
          for (const traceparent of ['00-zzzz-not-a-trace-01', 12345])
            await ctx.mcpReq.send({
              method: 'elicitation/create',
              params: {
                message: 'which?',
                requestedSchema: { type: 'object', properties: {} },
                _meta: { traceparent, tracestate: '%%%' },
              },
            });
          return { content: [{ type: 'text', text: 'asked' }], _meta: { traceparent: 'garbage-back' } };
        },
      );
      await server.connect(created);
      transport = created;
    }
    if (!transport) {
      res.writeHead(400).end();
      return;
    }
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    receivedTraceparents,
    async close() {
      for (const transport of transports.values()) await transport.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
