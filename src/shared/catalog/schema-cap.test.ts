import { describe, expect, it } from 'vitest';
import { capInputSchema, MAX_ENUM_VALUES, MAX_SCHEMA_DEPTH } from './schema-cap';
import { resolveCatalog } from './resolve-catalog';
import { explainTool } from './explain-tool';
import type { CatalogInput } from './types';

const nested = (levels: number) => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { inner: schema } };
  return schema;
};

describe('the input schema cap', () => {
  it('keeps an ordinary schema as it is (same object, no cap)', () => {
    const schema = {
      type: 'object' as const,
      properties: { orderId: { type: 'string', description: 'the order' } },
      required: ['orderId'],
    };
    expect(capInputSchema(schema)).toEqual({ schema, cap: null });
    expect(capInputSchema(schema).schema).toBe(schema);
  });

  it('cuts texts at every depth, long enums and deep nesting', () => {
    const schema = {
      type: 'object' as const,
      properties: {
        a: { type: 'object', properties: { b: { type: 'string', description: '模'.repeat(100_000) } } },
        c: { type: 'string', enum: Array.from({ length: 1_000 }, (_, i) => `v${i}`) },
        d: nested(100),
      },
    };
    const { schema: sent, cap } = capInputSchema(schema);
    expect(cap).toMatchObject({ textsCut: 1, enumsCut: 1, depthCut: 1, whole: false, bytes: expect.any(Number) });
    const text = JSON.stringify(sent);
    expect(text.length).toBeLessThan(20_000);
    expect(text).toContain(`nested deeper than ${MAX_SCHEMA_DEPTH} levels`);
    expect((sent.properties!.c as { enum: unknown[] }).enum).toHaveLength(MAX_ENUM_VALUES);
    expect((sent.properties!.a as { properties: { b: { description: string } } }).properties.b.description).toMatch(
      /\[… cut by the host: 2048 of 300000 bytes shown\]$/,
    );
  });

  it('withholds the details of a schema still over the limit once cut, keeping the top-level names', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, i) => [`field_${i}`, { type: 'string', description: 'd'.repeat(100) }]),
    );
    const { schema: sent, cap } = capInputSchema({ type: 'object', properties, required: ['field_1'] }, 65_536);
    expect(cap?.whole).toBe(true);
    expect(Object.keys(sent.properties!)).toHaveLength(1_000);
    expect(sent.required).toEqual(['field_1']);
    expect(cap!.sentBytes).toBeLessThanOrEqual(65_536);
    const tiny = capInputSchema({ type: 'object', properties }, 1_024);
    expect(tiny.schema).toEqual({
      type: 'object',
      description: expect.stringContaining("over the host's limit of 1024"),
    });
  });

  it('the catalog binds the capped schema for the model, and explain says so', () => {
    const input: CatalogInput = {
      servers: [
        {
          name: 's',
          status: 'connected',
          tools: [
            {
              name: 't',
              description: 'x',
              inputSchema: { type: 'object', properties: { p: { type: 'string', description: 'y'.repeat(50_000) } } },
            },
          ],
        },
      ],
      intents: [
        { id: 'n', name: 'n', kind: 'mcp', toolId: 't', confirm: 'never', examples: [] },
      ] as unknown as CatalogInput['intents'],
      skills: [],
    };
    const catalog = resolveCatalog(input);
    const binding = catalog.bindingsByToolId.get('t')!;
    expect(binding.schemaCapped).toMatchObject({ textsCut: 1, bytes: expect.any(Number) });
    expect(JSON.stringify(binding.modelDefinition.inputSchema).length).toBeLessThan(3_000);
    expect(binding.definition.inputSchema.properties!.p).toEqual({ type: 'string', description: 'y'.repeat(50_000) });
    expect(catalog.entries[0].schemaCapped).toEqual(binding.schemaCapped);
    const visible = explainTool(input, 't', [], catalog).layers.find((l) => l.layer === 'visible')!;
    expect(visible.detail).toMatch(
      /its input schema is 50,\d{3} bytes, capped to [\d,]+ for the model \(1 texts cut, 0 enums cut, 0 deep parts cut/,
    );
  });
});
