// Standalone entry: `npx tsx src/mcp-server/main.ts shop-server [--port N] [--token T]`.
// The main `switchboard` CLI registers the same command through registerShopServerCommand.
import { Command } from 'commander';
import { registerShopServerCommand } from './cli';

const program = new Command('shop-mcp-server').description('比特严选 demo shop MCP server');
registerShopServerCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // Start-up failures (port in use, a tool without readOnlyHint) end here with a readable message.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
