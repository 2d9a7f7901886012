// A v2-SDK server process whose lists change while it runs: `strict` serves only 2026-07-28
// (createMcpHandler with legacy: 'reject'), `dual` the SDK's default (both eras). Change notifications go out on
// the clients' subscriptions/listen streams (handler.notify). Cache hints come from SB_CACHE_HINTS (JSON, the
// McpServer cacheHints option). Driven through stdin, one JSON command a line, each answered by one JSON line:
//   {"cmd":"setTools","tools":["a","b"]}   tools change; notifications/tools/list_changed is published
//   {"cmd":"promptsChanged"} / {"cmd":"resourcesChanged"}
//   {"cmd":"resourceUpdated","uri":"note://one"}   notifications/resources/updated, to the streams subscribed to it
//   {"cmd":"storm","perSecond":1000,"durationMs":3000,"kind":"tools"}   list_changed without pause (tools, prompts or
//   resources; answered when over)
//   {"cmd":"drop"}    every open socket is destroyed: listen streams end without their response
//   {"cmd":"stats"}   {listRequests:[{method,at}], listens:[at]}
// Prints {"url": ...} once it listens on 127.0.0.1:0. Plain JS so the child needs no TypeScript loader.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import { z } from 'zod';

const mode = process.argv[2] === 'strict' ? 'strict' : 'dual';
const cacheHints = process.env.SB_CACHE_HINTS ? JSON.parse(process.env.SB_CACHE_HINTS) : undefined;
let tools = ['a1'];
const listRequests = [];
const listens = [];

// A 2020-12 input schema, as zod v4 emits it by default ($schema 2020-12, $defs, prefixItems, const, dependentRequired).
const address = z.object({ street: z.string(), city: z.string() }).meta({ id: 'Address' });
const shipSchema = {
  ...z.toJSONSchema(
    z.object({
      kind: z.literal('parcel'),
      to: address,
      from: address.optional(),
      size: z.tuple([z.number().int().min(1), z.number().int().min(1)]),
      insured: z.boolean().optional(),
      value: z.number().optional(),
    }),
  ),
  dependentRequired: { insured: ['value'] },
};

const factory = () => {
  const server = new McpServer(
    { name: `listen-${mode}`, version: '2.0.0' },
    {
      capabilities: {
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true, subscribe: true },
      },
      ...(cacheHints && { cacheHints }),
    },
  );
  for (const name of tools)
    server.registerTool(name, { description: `tool ${name}` }, async () => ({
      content: [{ type: 'text', text: `ran ${name}` }],
    }));
  server.registerTool(
    'ship',
    {
      description: 'ships a parcel (2020-12 input schema)',
      inputSchema: fromJsonSchema(shipSchema, new CfWorkerJsonSchemaValidator()),
    },
    async (args) => ({
      content: [{ type: 'text', text: `shipping to ${args.to.city}` }],
    }),
  );
  server.registerPrompt('greet', { description: 'a greeting' }, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
  }));
  server.registerResource('note', 'note://one', { description: 'a note' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'one' }],
  }));
  return server;
};

const handler = createMcpHandler(factory, mode === 'strict' ? { legacy: 'reject' } : {});
const serve = toNodeHandler(handler);
const sockets = new Set();
const http = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  void serve(req, res).catch(() => res.destroy());
  req.on('end', () => {
    try {
      const method = JSON.parse(body).method;
      if (/\/list$/.test(method)) listRequests.push({ method, at: Date.now() });
      if (method === 'subscriptions/listen') listens.push(Date.now());
    } catch {
      /* not JSON: not counted */
    }
  });
});
http.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
http.listen(0, '127.0.0.1', () =>
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}/mcp` })}\n`),
);

createInterface({ input: process.stdin }).on('line', async (line) => {
  const command = JSON.parse(line);
  let answer = { ok: true };
  if (command.cmd === 'setTools') {
    tools = command.tools;
    handler.notify.toolsChanged();
  } else if (command.cmd === 'promptsChanged') handler.notify.promptsChanged();
  else if (command.cmd === 'resourcesChanged') handler.notify.resourcesChanged();
  else if (command.cmd === 'resourceUpdated') handler.notify.resourceUpdated(command.uri);
  else if (command.cmd === 'drop') {
    answer = { dropped: sockets.size };
    for (const socket of sockets) socket.destroy();
  } else if (command.cmd === 'stats') answer = { listRequests, listens };
  else if (command.cmd === 'storm') {
    const startedAt = Date.now();
    let sent = 0;
    while (Date.now() - startedAt < command.durationMs) {
      const notify =
        command.kind === 'prompts'
          ? handler.notify.promptsChanged
          : command.kind === 'resources'
            ? handler.notify.resourcesChanged
            : handler.notify.toolsChanged;
      for (let i = 0; i < command.perSecond / 100; i++, sent++) notify();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    answer = { sent, startedAt, endedAt: Date.now() };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
process.on('SIGTERM', () => http.close(() => process.exit(0)));
