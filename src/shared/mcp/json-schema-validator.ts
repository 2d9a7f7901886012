import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';

/**
 * The SDK asks for a validator per request: per `tools/call` given the tool's definition (outputSchema), and per call a
 * server validates arguments (inputSchema). The cf-worker provider builds a new one each time (it walks and indexes the
 * whole schema), so each is kept per schema object. Definitions are immutable snapshots from one discovery; a new
 * discovery brings new objects, and the old ones' validators go with them.
 */
class SchemaCachingValidator extends CfWorkerJsonSchemaValidator {
  private readonly bySchema = new WeakMap<object, JsonSchemaValidator<unknown>>();

  override getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    if (typeof schema !== 'object' || schema === null) return super.getValidator<T>(schema);
    let check = this.bySchema.get(schema);
    if (!check) this.bySchema.set(schema, (check = super.getValidator<unknown>(schema)));
    return check as JsonSchemaValidator<T>;
  }
}

/**
 * The JSON Schema validator every MCP Client and Server of ours is given: the SDK's own @cfworker/json-schema
 * provider. It interprets a schema (a server's outputSchema, an elicitation's requestedSchema) instead of
 * generating code for it as the SDK's default (ajv) does, so a definition from a server never becomes a
 * function, and discovery does not compile one per tool. The build leaves the default out (scripts/sdk-without-ajv.ts).
 */
export function mcpJsonSchemaValidator(): CfWorkerJsonSchemaValidator {
  return new SchemaCachingValidator();
}
