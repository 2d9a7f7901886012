import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_BUNDLED_DEPS } from './main-bundled-deps';
import { sdkWithoutAjv } from './sdk-without-ajv';

const root = join(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Bundles `code` (an entry in the repo's root, so node_modules resolves) as the main-process build does. */
async function bundle(code: string): Promise<{ text: string; url: string }> {
  const dir = await mkdtemp(join(root, 'node_modules', '.cache', 'sdk-without-ajv-'));
  dirs.push(dir);
  const entry = join(dir, 'entry.ts');
  await writeFile(entry, code);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins: [sdkWithoutAjv()],
    ssr: { noExternal: MAIN_BUNDLED_DEPS },
    build: {
      ssr: entry,
      write: false,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', codeSplitting: false } },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const text = (Array.isArray(output) ? output[0] : output).output
    .map((chunk) => ('code' in chunk ? chunk.code : ''))
    .join('\n');
  const file = join(dir, 'bundle.mjs');
  await writeFile(file, text);
  return { text, url: pathToFileURL(file).href };
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
