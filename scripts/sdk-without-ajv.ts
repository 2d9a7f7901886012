import type { Plugin } from 'vite';

const STUB_ID = '\0switchboard:sdk-ajv-provider';

/**
 * The MCP SDK's Client and Server import their default JSON Schema validator (ajv and ajv-formats, ~290 KB once
 * bundled, evaluated in one block when the client loads) even when they are given another. Ours always are
 * (shared/mcp/json-schema-validator.ts), so the main-process build puts a stub in the default's place: it
 * throws if anything ever constructs it, so a Client or Server made without our validator fails loudly.
 */
export function sdkWithoutAjv(): Plugin {
  return {
    name: 'switchboard-sdk-without-ajv',
    enforce: 'pre',
    resolveId(source, importer) {
      if (/[\\/]validation[\\/]ajv-provider\.js$/.test(source) && importer && /[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer)) return STUB_ID;
      return null;
    },
    load(id) {
      if (id !== STUB_ID) return null;
      return [
        'export class AjvJsonSchemaValidator {',
        '  constructor() {',
        "    throw new Error('the MCP SDK was given no jsonSchemaValidator: pass mcpJsonSchemaValidator() (ajv is not in this build)');",
        '  }',
        '}',
      ].join('\n');
    },
  };
}
