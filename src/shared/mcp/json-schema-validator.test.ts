import { describe, expect, it } from 'vitest';
import { mcpJsonSchemaValidator } from './json-schema-validator';

type Schema = Parameters<ReturnType<typeof mcpJsonSchemaValidator>['getValidator']>[0];

describe('mcpJsonSchemaValidator', () => {
  const schema = {
    type: 'object',
    properties: { total: { type: 'number' } },
    required: ['total'],
  } as unknown as Schema;

  it('builds one validator per schema object: the SDK asks again on every tools/call', () => {
    const validator = mcpJsonSchemaValidator();
    const first = validator.getValidator(schema);
    expect(validator.getValidator(schema)).toBe(first);
    expect(first({ total: 3 }).valid).toBe(true);
    const refused = first({ total: 'lots' });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toMatch(/#\/total: .*Expected "number"/);
  });

  it('gives an equal but separate schema its own validator, and keeps each schema its own rules', () => {
    const validator = mcpJsonSchemaValidator();
    const other = { type: 'object', properties: { total: { type: 'string' } } } as unknown as Schema;
    const forSchema = validator.getValidator(schema);
    const forOther = validator.getValidator(other);
    expect(forOther).not.toBe(forSchema);
    expect(forOther({ total: 'lots' }).valid).toBe(true);
    expect(forSchema({ total: 'lots' }).valid).toBe(false);
    expect(validator.getValidator(JSON.parse(JSON.stringify(schema)) as Schema)).not.toBe(forSchema);
  });

  it('still refuses a schema of an unsupported dialect each time it is asked (nothing cached for it)', () => {
    const validator = mcpJsonSchemaValidator();
    const draft3 = { $schema: 'http://json-schema.org/draft-03/schema#', type: 'object' } as unknown as Schema;
    expect(() => validator.getValidator(draft3)).toThrow();
    expect(() => validator.getValidator(draft3)).toThrow();
  });
});
