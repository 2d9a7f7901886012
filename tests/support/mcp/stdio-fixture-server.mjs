// A stdio MCP server for tests, run as a child process: it reports the environment it was given
// (to prove the host passes a minimal one), writes to stderr (for the stderr tail), and can exit
// on request (to simulate a crash). Plain JS so the child needs no TypeScript loader.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'stdio-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
const tools = [
  {
    name: 'print_env',
    description: 'Returns the environment variables this process received',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'crash',
    description: 'Exits the process',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: false },
  },
];
server.setRequestHandler('tools/list', () => ({ tools }));
server.setRequestHandler('tools/call', (request) => {
  if (request.params.name === 'print_env') return { content: [{ type: 'text', text: JSON.stringify(process.env) }] };
  if (request.params.name === 'crash') setTimeout(() => process.exit(3), 10);
  return { content: [{ type: 'text', text: 'bye' }] };
});
process.stderr.write(`stdio fixture starting (pid ${process.pid})\n`);
await server.connect(new StdioServerTransport());
process.stderr.write('stdio fixture ready\n');
