import type { TFunction } from 'i18next';
import { JsonBlock } from '../../components/JsonBlock';
import { useTranslation } from 'react-i18next';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON Schema type in a few words: `string (date)`, `"a" | "b"`, `array of string`, `integer ≥ 1`. Type names stay JSON Schema's. */
export function describeType(schema: Schema, t: TFunction<'tools'>): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      return options
        .filter(isSchema)
        .map((option) => describeType(option, t))
        .join(' | ');
  }
  const type = Array.isArray(schema.type)
    ? schema.type.join(' | ')
    : typeof schema.type === 'string'
      ? schema.type
      : t('schema.any');
  const parts = [
    type === 'array' && isSchema(schema.items) ? t('schema.arrayOf', { type: describeType(schema.items, t) }) : type,
  ];
  if (typeof schema.format === 'string') parts.push(`(${schema.format})`);
  if (typeof schema.pattern === 'string') parts.push(t('schema.matching', { pattern: schema.pattern }));
  if (typeof schema.minimum === 'number') parts.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number') parts.push(`≤ ${schema.maximum}`);
  if (typeof schema.minLength === 'number') parts.push(t('schema.minLength', { length: schema.minLength }));
  if (typeof schema.maxLength === 'number') parts.push(t('schema.maxLength', { length: schema.maxLength }));
  return parts.join(' ');
}

interface Row {
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description: string;
  defaultValue?: string;
}

/** Flattens properties (and nested object properties, indented) into table rows. */
export function schemaRows(schema: Schema, t: TFunction<'tools'>, depth = 0, out: Row[] = []): Row[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const [name, raw] of Object.entries(properties)) {
    const property = isSchema(raw) ? raw : {};
    out.push({
      name,
      depth,
      type: describeType(property, t),
      required: required.has(name),
      description: typeof property.description === 'string' ? property.description : '',
      defaultValue: 'default' in property ? JSON.stringify(property.default) : undefined,
    });
    const nested = isSchema(property.items) && property.type === 'array' ? property.items : property;
    if (depth < 4 && isSchema(nested.properties)) schemaRows(nested, t, depth + 1, out);
  }
  return out;
}

/** The input schema as a table a person can read, with the raw JSON a click away. */
export function SchemaView({ schema }: { schema: Schema }) {
  const { t } = useTranslation(['tools', 'common']);
  const rows = schemaRows(schema, t);
  return (
    <div className="schema-view" data-testid="schema-view">
      {rows.length === 0 ? (
        <p className="state-empty small">{t('schema.noArguments')}</p>
      ) : (
        <table className="data-table schema-table">
          <thead>
            <tr>
              <th scope="col">{t('schema.argument')}</th>
              <th scope="col">{t('schema.type')}</th>
              <th scope="col">{t('schema.required')}</th>
              <th scope="col">{t('schema.description')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${index}:${row.name}`} data-arg={row.name}>
                <td style={{ paddingLeft: 8 + row.depth * 16 }}>
                  <code>{row.name}</code>
                </td>
                <td>
                  {row.type}
                  {row.defaultValue !== undefined && <span className="muted"> = {row.defaultValue}</span>}
                </td>
                <td>
                  {row.required ? t('common:shared.required') : <span className="muted">{t('schema.optional')}</span>}
                </td>
                <td>{row.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details>
        <summary className="small">{t('schema.rawInputSchema')}</summary>
        <JsonBlock value={schema} label={t('schema.rawInputSchema')} />
      </details>
    </div>
  );
}
