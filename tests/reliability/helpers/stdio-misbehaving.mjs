// A stdio MCP server that starts properly, then misbehaves on request (run as a child process):
//   garbage_then_hang: writes non-JSON-RPC lines to stdout and never answers
//   exit_now: exits mid-call with a message on stderr
// Plain JS so the child needs no TypeScript loader.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';
import { writeFileSync } from 'node:fs';

if (process.env.PID_FILE) writeFileSync(process.env.PID_FILE, String(process.pid));
const server = new Server({ name: 'misbehaving', version: '1.0.0' }, { capabilities: { tools: {} } });
const tool = (name) => ({
  name,
  description: name,
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
});
server.setRequestHandler('tools/list', () => ({ tools: [tool('garbage_then_hang'), tool('exit_now'), tool('fine')] }));
server.setRequestHandler('tools/call', (request) => {
  if (request.params.name === 'garbage_then_hang') {
    process.stdout.write('this is not JSON-RPC\n{"half": \n\u0000\u0001binary\n');
    return new Promise(() => undefined);
  }
  if (request.params.name === 'exit_now') {
    process.stderr.write('misbehaving: fatal error, exiting\n');
    setTimeout(() => process.exit(7), 5);
    return new Promise(() => undefined);
  }
  return { content: [{ type: 'text', text: 'fine' }] };
});
process.stderr.write('misbehaving server ready\n');
await server.connect(new StdioServerTransport());
