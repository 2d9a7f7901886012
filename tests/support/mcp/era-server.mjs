// A server built with the official v2 SDK, run as a child process. argv[2] is the mode, argv[3] optional JSON options.
//   strict       serves only 2026-07-28 (createMcpHandler with legacy: 'reject'; serveStdio with legacy: 'reject')
//   dual         the SDK's default (2026-07-28, and 2025 clients statelessly)
//   legacy       2025 only: a 2026 request (server/discover included) is answered "method not found", as old servers do
//   lies-modern  server/discover says 2026-07-28, every other 2026 request is refused naming 2025-11-25 (2025 is served)
//   lies-legacy  no server/discover (looks 2025), initialize is answered, then 2025 requests are refused naming 2026-07-28
// Options: { stdio, port, record, recordFile, discoverDelayMs, instructions, info: {title, websiteUrl, icons}, logging,
// startsFile, modeFile }. logging: the server declares the logging capability and has a tool that logs (era_log).
// HTTP: prints {"url": ...} on stdout once it listens on 127.0.0.1 (port 0 unless given). With record, every message it
// receives is printed as {"received": message} on stdout (HTTP), or with recordFile appended there as a line (stdio too). Plain JS: no TypeScript loader.
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, McpServer } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const options = JSON.parse(process.argv[3] ?? '{}');
// modeFile: the mode is read from a file at start, so one command line can change era between runs.
const mode = options.modeFile ? readFileSync(options.modeFile, 'utf8').trim() : (process.argv[2] ?? 'dual');
if (options.startsFile) appendFileSync(options.startsFile, `${process.pid}\n`);
const record = (message, out) => {
  if (options.recordFile) appendFileSync(options.recordFile, `${JSON.stringify(message)}\n`);
  else if (options.record) out.write(`${JSON.stringify({ received: message })}\n`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const factory = () => {
  const server = new McpServer(
    { name: `era-${mode}`, version: '2.0.0', ...options.info },
    {
      instructions: options.instructions ?? `an ${mode} v2 server`,
      ...(options.logging && { capabilities: { logging: {} } }),
    },
  );
  server.registerTool(
    'era_echo',
    { description: 'echoes its text', annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: `served by ${mode}` }] }),
  );
  // With logging: a tool that logs at debug and at warning while it runs (the SDK sends what the request's level allows).
  if (options.logging)
    server.registerTool('era_log', { description: 'logs two lines, then answers' }, async (ctx) => {
      await ctx.mcpReq.log('debug', 'era_log debug line', 'era');
      await ctx.mcpReq.log('warning', 'era_log warning line', 'era');
      return { content: [{ type: 'text', text: 'logged' }] };
    });
  return server;
};

const rpcError = (id, code, message, data) =>
  Response.json({ jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data && { data }) } });
const unsupported = (id, supported) =>
  rpcError(id, -32022, `Unsupported protocol version`, { supported, requested: 'x' });

if (options.stdio) {
  process.stderr.write(`era-server up (${mode})\n`);
  // 2025 only: the SDK's plain stdio server, which knows no server/discover.
  if (mode === 'legacy') await factory().connect(new StdioServerTransport());
  else serveStdio(factory, { legacy: mode === 'strict' ? 'reject' : 'serve' });
  // A second reader of the same pipe: each line the client writes is one JSON-RPC message.
  if (options.recordFile)
    process.stdin.on('data', (chunk) =>
      String(chunk)
        .split('\n')
        .filter(Boolean)
        .forEach((line) => record(JSON.parse(line), process.stderr)),
    );
} else {
  const inner = createMcpHandler(factory, mode === 'strict' ? { legacy: 'reject' } : {});
  const handler = {
    async fetch(request, requestOptions) {
      const body =
        request.method === 'POST'
          ? await request
              .clone()
              .json()
              .catch(() => undefined)
          : undefined;
      if (body) record(body, process.stdout);
      const legacy = await isLegacyRequest(request.clone(), body);
      const method = body?.method;
      if (!legacy && method === 'server/discover' && options.discoverDelayMs) await sleep(options.discoverDelayMs);
      if (!legacy && mode === 'legacy')
        return method ? rpcError(body.id, -32601, 'Method not found') : new Response(null, { status: 202 });
      if (!legacy && mode === 'lies-modern' && method && method !== 'server/discover')
        return unsupported(body.id, ['2025-11-25']);
      if (!legacy && mode === 'lies-legacy' && method === 'server/discover')
        return rpcError(body.id, -32601, 'Method not found');
      if (legacy && mode === 'lies-legacy' && method && method !== 'initialize')
        return unsupported(body.id, ['2026-07-28']);
      return inner.fetch(request, requestOptions);
    },
  };
  const serve = toNodeHandler(handler);
  const http = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  http.listen(options.port ?? 0, '127.0.0.1', () =>
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${http.address().port}/mcp` })}\n`),
  );
  process.on('SIGTERM', () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  });
}
