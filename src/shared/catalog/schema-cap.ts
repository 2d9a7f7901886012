import { truncationOf, utf8Length } from './description-cap';
import type { ModelToolDefinition, SchemaCap } from './types';

/**
 * The bound on a tool's input schema as the model receives it. The description cap alone let a 5 MB property
 * description inside `inputSchema` reach the model on every call (issue 25, item 3): every text in the schema, its
 * depth, its enum lists and its total size are capped here. Only what the model is sent is cut; calls are still
 * checked against the server's whole schema, and the catalog keeps the full definition for the operator.
 */
export const DEFAULT_MAX_SCHEMA_BYTES = 65_536;
/** Any text inside the schema (a property's description, a title, a default, an example). */
export const MAX_SCHEMA_TEXT_BYTES = 2_048;
/** Objects and arrays nested deeper than this are replaced by a note. Real schemas stay under ~12. */
export const MAX_SCHEMA_DEPTH = 32;
export const MAX_ENUM_VALUES = 256;

type Schema = ModelToolDefinition['inputSchema'];

interface Counts {
  textsCut: number;
  enumsCut: number;
  depthCut: number;
}

/** Capped schemas by the offered schema object: a discovery gives new objects, and each is walked once. */
const memo = new WeakMap<object, Map<number, { schema: Schema; cap: SchemaCap | null }>>();

/** The schema the model receives, and what was cut (null when nothing was). */
export function capInputSchema(
  schema: Schema,
  limit: number = DEFAULT_MAX_SCHEMA_BYTES,
): { schema: Schema; cap: SchemaCap | null } {
  let byLimit = memo.get(schema);
  const known = byLimit?.get(limit);
  if (known) return known;
  const result = capUncached(schema, limit);
  if (!byLimit) memo.set(schema, (byLimit = new Map()));
  byLimit.set(limit, result);
  return result;
}

function capUncached(schema: Schema, limit: number): { schema: Schema; cap: SchemaCap | null } {
  const counts: Counts = { textsCut: 0, enumsCut: 0, depthCut: 0 };
  const bytes = jsonBytes(schema);
  const walked = capNode(schema, 0, counts) as Schema;
  const nothingCut = counts.textsCut === 0 && counts.enumsCut === 0 && counts.depthCut === 0;
  if (nothingCut && bytes <= limit) return { schema, cap: null };
  let sent: Schema = walked;
  let whole = false;
  let sentBytes = nothingCut ? bytes : jsonBytes(walked);
  if (sentBytes > limit) {
    // Still too large (thousands of properties, huge names): only the top-level names and types go out, else nothing.
    whole = true;
    sent = namesOnly(schema, bytes, limit);
    sentBytes = jsonBytes(sent);
    if (sentBytes > limit) {
      sent = { type: 'object', description: withheldNote(bytes, limit) };
      sentBytes = jsonBytes(sent);
    }
  }
  return { schema: sent, cap: { bytes, sentBytes, limit, ...counts, whole } };
}

function capNode(value: unknown, depth: number, counts: Counts): unknown {
  if (typeof value === 'string') return capText(value, counts);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_SCHEMA_DEPTH) {
    counts.depthCut++;
    return Array.isArray(value)
      ? []
      : { description: `[… nested deeper than ${MAX_SCHEMA_DEPTH} levels: cut by the host]` };
  }
  if (Array.isArray(value)) return value.map((item) => capNode(item, depth + 1, counts));
  const out: Record<string, unknown> = {};
  let enumCut = 0;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'enum' && Array.isArray(child) && child.length > MAX_ENUM_VALUES) {
      enumCut = child.length - MAX_ENUM_VALUES;
      counts.enumsCut++;
      out[key] = child.slice(0, MAX_ENUM_VALUES).map((item) => capNode(item, depth + 1, counts));
    } else out[key] = capNode(child, depth + 1, counts);
  }
  if (enumCut > 0) {
    const note = `[… ${enumCut} more enum values cut by the host: ${MAX_ENUM_VALUES} of ${enumCut + MAX_ENUM_VALUES} shown]`;
    out.description = typeof out.description === 'string' ? `${out.description}\n${note}` : note;
  }
  return out;
}

function capText(text: string, counts: Counts): string {
  const cut = truncationOf(text, MAX_SCHEMA_TEXT_BYTES);
  if (!cut) return text;
  counts.textsCut++;
  return `${prefixWithin(text, MAX_SCHEMA_TEXT_BYTES)}\n[… cut by the host: ${MAX_SCHEMA_TEXT_BYTES} of ${cut.bytes} bytes shown]`;
}

/** The longest prefix within `limit` UTF-8 bytes (by code point, so no pair is split). */
function prefixWithin(text: string, limit: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > limit) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/** The top-level properties with their type only, when the capped schema is still over the limit. */
function namesOnly(schema: Schema, bytes: number, limit: number): Schema {
  const properties: Record<string, unknown> = {};
  const given = schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
  for (const [name, property] of Object.entries(given)) {
    if (utf8Length(name) > 256) continue;
    const type = (property as { type?: unknown } | null)?.type;
    properties[name] = typeof type === 'string' && type.length <= 16 ? { type } : {};
  }
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string' && name in properties)
    : undefined;
  return {
    type: 'object',
    description: withheldNote(bytes, limit),
    properties,
    ...(required && required.length ? { required } : {}),
  };
}

const withheldNote = (bytes: number, limit: number): string =>
  `[input schema of ${bytes} bytes is over the host's limit of ${limit} (agent.mcp.maxSchemaBytes): its details are withheld from the model]`;

/** The JSON size; a schema too deep to serialise counts as over any limit. */
function jsonBytes(value: unknown): number {
  try {
    return utf8Length(JSON.stringify(value) ?? '');
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}

/** "5,000,123 bytes, sent as 3,210 (2 texts cut, 1 enum cut)" */
export function describeSchemaCap(cap: SchemaCap): string {
  const parts: string[] = [];
  if (cap.textsCut)
    parts.push(
      `${cap.textsCut} text${cap.textsCut === 1 ? '' : 's'} cut to ${MAX_SCHEMA_TEXT_BYTES.toLocaleString('en')} bytes`,
    );
  if (cap.enumsCut) parts.push(`${cap.enumsCut} enum${cap.enumsCut === 1 ? '' : 's'} cut to ${MAX_ENUM_VALUES} values`);
  if (cap.depthCut) parts.push(`nesting cut at ${MAX_SCHEMA_DEPTH} levels`);
  if (cap.whole) parts.push(`details withheld: over ${cap.limit.toLocaleString('en')} bytes`);
  return `${cap.bytes.toLocaleString('en')} bytes, sent to the model as ${cap.sentBytes.toLocaleString('en')} (${parts.join('; ')}; agent.mcp.maxSchemaBytes)`;
}
