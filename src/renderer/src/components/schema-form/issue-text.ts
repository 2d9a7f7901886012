import type { TFunction } from 'i18next';
import type { RJSFSchema } from '@rjsf/utils';
import type { FieldIssue } from './json-schema-validator';

type SchemaNode = Record<string, unknown>;

/** The sub-schema a path leads to (through properties and items), or undefined where it can't be followed. */
function schemaAt(schema: RJSFSchema, path: readonly (string | number)[]): SchemaNode | undefined {
  let node: unknown = schema;
  for (const part of path) {
    if (!node || typeof node !== 'object') return undefined;
    const n = node as SchemaNode;
    node =
      typeof part === 'number'
        ? Array.isArray(n.items)
          ? n.items[part]
          : (n.items ?? n.prefixItems)
        : (n.properties as SchemaNode | undefined)?.[part];
  }
  return node && typeof node === 'object' ? (node as SchemaNode) : undefined;
}

/** What the form calls a field: its schema title, else its name; array items as "name #2". */
export function fieldName(schema: RJSFSchema, path: readonly (string | number)[]): string | null {
  if (path.length === 0) return null;
  const last = path[path.length - 1];
  const title = schemaAt(schema, path)?.title;
  if (typeof title === 'string' && title.trim()) return title.trim();
  if (typeof last === 'number') return `${fieldName(schema, path.slice(0, -1)) ?? ''} #${last + 1}`.trim();
  return last;
}

/** Keywords whose sentence we write ourselves (with the schema's limit); any other keeps the validator's words. */
const LIMITS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
] as const;

/**
 * One problem as a sentence in the console's language that names the field ("orderNo is required", "订单号为必填项"),
 * at the field and in the list on top alike.
 */
export function issueText(t: TFunction<'common'>, schema: RJSFSchema, issue: FieldIssue): string {
  const field = fieldName(schema, issue.path) ?? t('shared.arguments');
  const at = schemaAt(schema, issue.path) ?? {};
  switch (issue.keyword) {
    case 'required':
      return t('schemaForm.issues.required', { field });
    case 'type':
      return t('schemaForm.issues.type', {
        field,
        type: Array.isArray(at.type) ? at.type.join(' | ') : String(at.type ?? ''),
      });
    case 'enum':
    case 'const':
      return t('schemaForm.issues.oneOf', {
        field,
        values: (Array.isArray(at.enum) ? at.enum : [at.const]).map((v) => JSON.stringify(v)).join(', '),
      });
  }
  const limit = LIMITS.find((k) => k === issue.keyword);
  if (limit && at[limit] !== undefined) return t(`schemaForm.issues.${limit}`, { field, limit: String(at[limit]) });
  return t('schemaForm.issues.other', { field, message: issue.message });
}
