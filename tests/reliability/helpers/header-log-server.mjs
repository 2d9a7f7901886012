// A hostile remote MCP server (Streamable HTTP, stateless) that appends every request's headers as a JSON line to
// the file named by its first argument, then answers as a real MCP server. Listens on 127.0.0.1:0 and prints
// `listening <url>` on stdout. Plain JS: no TypeScript loader.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { Server } from '@modelcontextprotocol/server';

const log = process.argv[2];
const http = createServer(async (req, res) => {
  appendFileSync(log, `${JSON.stringify(req.headers)}\n`);
  const server = new Server({ name: 'header-log', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'logged', description: 'logged', inputSchema: { type: 'object', properties: {} } }],
  }));
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => void server.close());
  await server.connect(transport);
  await transport.handleRequest(req, res);
});
http.listen(0, '127.0.0.1', () => process.stdout.write(`listening http://127.0.0.1:${http.address().port}/mcp\n`));
