import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';

/**
 * The JSON Schema validator every MCP Client and Server of ours is given: the SDK's own @cfworker/json-schema
 * provider. It interprets a schema (a server's outputSchema, an elicitation's requestedSchema) instead of
 * generating code for it as the SDK's default (ajv) does, so a definition from a server never becomes a
 * function, and discovery does not compile one per tool. The build leaves the default out (scripts/sdk-without-ajv.ts).
 */
export function mcpJsonSchemaValidator(): CfWorkerJsonSchemaValidator {
  return new CfWorkerJsonSchemaValidator();
}
