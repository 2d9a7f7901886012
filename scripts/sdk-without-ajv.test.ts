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
    build: { ssr: entry, write: false, minify: false, target: 'node20', rollupOptions: { output: { format: 'es', codeSplitting: false } } },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const text = (Array.isArray(output) ? output[0] : output).output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
  const file = join(dir, 'bundle.mjs');
  await writeFile(file, text);
  return { text, url: pathToFileURL(file).href };
}

describe('the main-process build leaves the SDK default JSON Schema validator (ajv) out', () => {
  it('bundles Client and McpServer without ajv; given ours they validate, and made without it they fail loudly', async () => {
    const { text, url } = await bundle(`
      import { Client } from '@modelcontextprotocol/sdk/client/index.js';
      import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
      import { mcpJsonSchemaValidator } from '${join(root, 'src/shared/mcp/json-schema-validator.ts')}';
      export { Client, McpServer, mcpJsonSchemaValidator };
    `);
    expect(text).not.toMatch(/node_modules\/ajv/);
    expect(text).not.toMatch(/require_ajv|ajv-formats/);
    const { Client, McpServer, mcpJsonSchemaValidator } = await import(url);
    expect(() => new Client({ name: 't', version: '1' })).toThrow(/no jsonSchemaValidator/);
    expect(() => new McpServer({ name: 't', version: '1' })).toThrow(/no jsonSchemaValidator/);
    const client = new Client({ name: 't', version: '1' }, { jsonSchemaValidator: mcpJsonSchemaValidator() });
    client.cacheToolMetadata([{ name: 'sum', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] } }]);
    const check = client.getToolOutputValidator('sum');
    expect(check({ total: 3 }).valid).toBe(true);
    expect(check({ total: 'lots' }).errorMessage).toMatch(/#\/total: .*Expected "number"/);
  }, 60_000);

  it('touches only the SDK import of its own default', () => {
    const plugin = sdkWithoutAjv();
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    expect(resolve('../validation/ajv-provider.js', '/x/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js')).toMatch(/ajv-provider/);
    expect(resolve('../validation/ajv-provider.js', '/x/src/main/core/other.ts')).toBeNull();
    expect(resolve('../validation/cfworker-provider.js', '/x/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js')).toBeNull();
  });
});
