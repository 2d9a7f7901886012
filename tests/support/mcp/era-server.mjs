// A server built with the official v2 SDK, run as a child process: `strict` serves only 2026-07-28
// (createMcpHandler with legacy: 'reject'), `dual` the SDK's default (2026-07-28, and 2025 clients statelessly).
// Prints {"url": ...} on stdout once it listens on 127.0.0.1:0. Plain JS so the child needs no TypeScript loader.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

const mode = process.argv[2] === 'strict' ? 'strict' : 'dual';
const factory = () => {
  const server = new McpServer({ name: `era-${mode}`, version: '2.0.0' }, { instructions: `an ${mode} v2 server` });
  server.registerTool('era_echo', { description: 'echoes its text', annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: 'text', text: `served by ${mode}` }] }));
  return server;
};
const handler = createMcpHandler(factory, mode === 'strict' ? { legacy: 'reject' } : {});
const serve = toNodeHandler(handler);
const http = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
http.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}/mcp` })}\n`));
process.on('SIGTERM', () => http.close(() => process.exit(0)));
