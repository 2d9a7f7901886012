// A stdio MCP server that, the moment it is launched, writes its whole environment as JSON to the file named by
// its first argument (run as a child process by the console under test). The file appearing is the proof that
// the command ran; its content shows which variables the console handed it. Plain JS: no TypeScript loader.
import { writeFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

writeFileSync(process.argv[2], JSON.stringify(process.env));
const server = new Server({ name: 'env-dump', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler('tools/list', () => ({
  tools: [{ name: 'dumped', description: 'dumped', inputSchema: { type: 'object', properties: {} } }],
}));
await server.connect(new StdioServerTransport());
