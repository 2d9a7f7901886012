import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { jsonSchemaValidator, validateValue } from './json-schema-validator';

const schema = {
  type: 'object',
  properties: {
    orderNo: { type: 'string', minLength: 3 },
    days: { type: 'integer', minimum: 1, maximum: 365 },
    items: { type: 'array', items: { type: 'object', properties: { qty: { type: 'number' } }, required: ['qty'] } },
    mode: { enum: ['a', 'b'] },
  },
  required: ['orderNo'],
} as RJSFSchema;

describe('the CSP-safe JSON Schema validator behind the forms', () => {
  it('puts each problem at its field, a missing required field at that field', () => {
    const issues = validateValue(schema, { days: 0, items: [{}], mode: 'c' });
    expect(issues.map((i) => [i.path.join('.'), i.keyword])).toEqual(
      expect.arrayContaining([
        ['orderNo', 'required'],
        ['days', 'minimum'],
        ['items.0.qty', 'required'],
        ['mode', 'enum'],
      ]),
    );
    expect(issues.find((i) => i.path.join('.') === 'orderNo')?.message).toBe('is required');
    expect(validateValue(schema, { orderNo: 'BS1', days: 30, items: [{ qty: 1 }], mode: 'a' })).toEqual([]);
  });

  it('gives rjsf an error schema keyed by field, and an error list', () => {
    const { errors, errorSchema } = jsonSchemaValidator.validateFormData({ orderNo: 'x' }, schema);
    expect(errorSchema).toMatchObject({ orderNo: { __errors: [expect.stringMatching(/too short/i)] } });
    expect(errors[0]).toMatchObject({ property: '.orderNo', name: 'minLength' });
  });

  it('never evaluates code: a schema it cannot use is a problem, not an exception', () => {
    expect(validateValue({ $ref: '#/nowhere' } as never, {})[0].message).toMatch(/schema/);
    expect(jsonSchemaValidator.isValid({ type: 'string' }, 'x', schema)).toBe(true);
  });
});
