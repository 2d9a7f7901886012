import type { RJSFSchema } from '@rjsf/utils';

/** Keywords whose value is one schema, a map of schemas, or a list of schemas: where sub-schemas are. */
const ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** The schema a form was drawn from, by the drawn copy: it is what values are checked against. */
const sources = new WeakMap<object, RJSFSchema>();

/**
 * A JSON Schema 2020-12 input schema as the form library draws it. rjsf knows `$defs` and `$ref`, but draws a
 * tuple only in the older shape (`items` as a list, `additionalItems`) and a `const` only as a free field. So the
 * drawn copy has `prefixItems` as that list (its `items` becoming `additionalItems`) and a lone `const` as a
 * one-value enum that is filled in. Values are still checked against the schema as given (sourceSchemaOf).
 */
export function formSchemaOf(schema: RJSFSchema): RJSFSchema {
  const drawn = rewrite(schema) as RJSFSchema;
  sources.set(drawn, schema);
  return drawn;
}

/** The schema the server gave for a drawn copy (itself for any other schema). */
export function sourceSchemaOf(schema: RJSFSchema): RJSFSchema {
  return sources.get(schema) ?? schema;
}

function rewrite(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  for (const key of ONE) if (key in source) out[key] = rewrite(source[key]);
  for (const key of MAP) {
    const map = source[key];
    if (typeof map === 'object' && map !== null && !Array.isArray(map))
      out[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, rewrite(sub)]));
  }
  for (const key of LIST) if (Array.isArray(source[key])) out[key] = (source[key] as unknown[]).map(rewrite);
  if (Array.isArray(out.prefixItems)) {
    // 2020-12's `items` next to `prefixItems` is what the older drafts call `additionalItems`; absent means any.
    const rest = out.items;
    out.items = out.prefixItems;
    delete out.prefixItems;
    if (rest === undefined) delete out.additionalItems;
    else out.additionalItems = rest;
  }
  if ('const' in source && !('enum' in source)) {
    out.enum = [source.const];
    if (!('default' in source)) out.default = source.const;
  }
  return out;
}
