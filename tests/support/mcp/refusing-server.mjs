// A hostile server built with the official v2 SDK (createMcpHandler; `strict` serves only 2026-07-28, `dual` both
// eras; `stdio`: serveStdio, both eras), run as a child process. Its tools/list mixes good tools with definitions a client must refuse: a broken
// annotation, an input schema that is not an object schema, a name outside the spec's tool-name format, a second
// definition of a name. Prints {"url": ...} once it listens on 127.0.0.1:0.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

const mode = process.argv[2] === 'strict' ? 'strict' : 'dual';
const object = { type: 'object', properties: {} };
const tools = [
  { name: 'good_one', description: 'fine', inputSchema: object },
  {
    name: 'broken_annotation',
    description: 'its readOnlyHint is a string',
    inputSchema: object,
    annotations: { readOnlyHint: 'yes' },
  },
  { name: 'not_an_object', description: 'its input schema is a string schema', inputSchema: { type: 'string' } },
  { name: 'n'.repeat(129), description: "a name past the spec's 128 characters", inputSchema: object },
  { name: 'good_two', description: 'fine too', inputSchema: object },
  { name: 'good_one', description: 'the same name again', inputSchema: object },
];

const factory = () => {
  const server = new McpServer({ name: `refusing-${mode}`, version: '2.0.0' }, { capabilities: { tools: {} } });
  server.server.setRequestHandler('tools/list', async () => ({ tools }));
  server.server.setRequestHandler('tools/call', async (request) => ({
    content: [{ type: 'text', text: `ran ${request.params.name}` }],
  }));
  return server;
};
if (process.argv[2] === 'stdio') {
  // Over stdio (serveStdio: both eras, the opening picks one); stdout is the protocol's.
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  serveStdio(factory);
} else {
  const serve = toNodeHandler(createMcpHandler(factory, mode === 'strict' ? { legacy: 'reject' } : {}));
  const http = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  http.listen(0, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}/mcp` })}\n`),
  );
  process.on('SIGTERM', () => http.close(() => process.exit(0)));
}
