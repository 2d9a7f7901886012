import type { Plugin } from 'vite';

const STUB_PREFIX = '\0switchboard:sdk-shims:';

const THROWING_VALIDATOR = [
  'export class DefaultJsonSchemaValidator {',
  '  constructor() {',
  "    throw new Error('the MCP SDK was given no jsonSchemaValidator: pass mcpJsonSchemaValidator() (ajv is not in this build)');",
  '  }',
  '}',
];

/** What each v2 package's Node `_shims` entry exports, less its ajv-backed default validator. */
const STUBS: Record<string, string[]> = {
  client: ['export const CORS_IS_POSSIBLE = false;', ...THROWING_VALIDATOR],
  server: ["export { default as process } from 'node:process';", ...THROWING_VALIDATOR],
};

/**
 * The MCP SDK's Client and Server (v2) construct their default JSON Schema validator, ajv and ajv-formats (~290 KB
 * once bundled, evaluated in one block when the client loads), from the package's runtime `_shims` entry even when
 * they are given another. Ours always are (shared/mcp/json-schema-validator.ts), so the main-process build puts a
 * stub in that entry's place: it throws if anything ever constructs the default, so a Client or Server made without
 * our validator fails loudly.
 */
export function sdkWithoutAjv(): Plugin {
  return {
    name: 'switchboard-sdk-without-ajv',
    enforce: 'pre',
    resolveId(source, importer) {
      const shim = /^@modelcontextprotocol\/(client|server)\/_shims$/.exec(source);
      if (shim && importer && /[\\/]@modelcontextprotocol[\\/](client|server)[\\/]/.test(importer))
        return STUB_PREFIX + shim[1];
      return null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      return STUBS[id.slice(STUB_PREFIX.length)]?.join('\n') ?? null;
    },
  };
}
