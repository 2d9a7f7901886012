import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLikeMain } from './bundle-like-main';
import { sdkWithoutAjv } from './sdk-without-ajv';

const root = join(import.meta.dirname, '..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((cleanup) => cleanup())));

async function bundle(code: string): Promise<{ text: string; url: string }> {
  const { text, url, cleanup } = await bundleLikeMain(code);
  cleanups.push(cleanup);
  return { text, url };
}

describe('the main-process build leaves the SDK default JSON Schema validator (ajv) out', () => {
  it('bundles Client and McpServer without ajv; given ours they validate, and made without it they fail loudly', async () => {
    const { text, url } = await bundle(`
      import { Client } from '@modelcontextprotocol/client';
      import { InMemoryTransport, McpServer, Server } from '@modelcontextprotocol/server';
      import { mcpJsonSchemaValidator } from '${join(root, 'src/shared/mcp/json-schema-validator.ts')}';
      export { Client, InMemoryTransport, McpServer, Server, mcpJsonSchemaValidator };
    `);
    expect(text).not.toMatch(/node_modules\/ajv/);
    expect(text).not.toMatch(/require_ajv|ajv-formats|dist\/ajvProvider-/);
    const { Client, InMemoryTransport, McpServer, Server, mcpJsonSchemaValidator } = await import(url);
    expect(() => new Client({ name: 't', version: '1' })).toThrow(/no jsonSchemaValidator/);
    expect(() => new McpServer({ name: 't', version: '1' })).toThrow(/no jsonSchemaValidator/);
    // A server whose tool answers outside its outputSchema: our validator (cfworker) refuses the answer client-side.
    const server = new Server(
      { name: 'sums', version: '1' },
      { capabilities: { tools: {} }, jsonSchemaValidator: mcpJsonSchemaValidator() },
    );
    server.setRequestHandler('tools/list', () => ({
      tools: [
        {
          name: 'sum',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
        },
      ],
    }));
    server.setRequestHandler('tools/call', (request: { params: { arguments?: { total?: unknown } } }) => ({
      content: [],
      structuredContent: { total: request.params.arguments?.total },
    }));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 't', version: '1' }, { jsonSchemaValidator: mcpJsonSchemaValidator() });
    await client.connect(clientSide);
    await client.listTools();
    await expect(client.callTool({ name: 'sum', arguments: { total: 3 } })).resolves.toMatchObject({
      structuredContent: { total: 3 },
    });
    await expect(client.callTool({ name: 'sum', arguments: { total: 'lots' } })).rejects.toThrow(/total/);
    await client.close();
  }, 60_000);

  it('touches only the SDK import of its own default', () => {
    const plugin = sdkWithoutAjv();
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    expect(
      resolve('@modelcontextprotocol/client/_shims', '/x/node_modules/@modelcontextprotocol/client/dist/public-x.mjs'),
    ).toMatch(/sdk-shims:client/);
    expect(
      resolve('@modelcontextprotocol/server/_shims', '/x/node_modules/@modelcontextprotocol/server/dist/mcp-x.mjs'),
    ).toMatch(/sdk-shims:server/);
    expect(resolve('@modelcontextprotocol/client/_shims', '/x/src/main/core/other.ts')).toBeNull();
    expect(
      resolve(
        '@modelcontextprotocol/client/validators/cf-worker',
        '/x/node_modules/@modelcontextprotocol/client/dist/index.mjs',
      ),
    ).toBeNull();
  });
});
