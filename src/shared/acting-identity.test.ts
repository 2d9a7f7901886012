import { describe, expect, it } from 'vitest';
import { actingIdentitySchema } from './contract/chat';
import { actingIdentityProblem } from './acting-identity';
import { casesFileSchema } from './workbench/cases';

const samples = ['u1001', 'agent_7-b', '', 'x'.repeat(64), 'x'.repeat(65), 'u 1001', 'ü1001', 'u1001\n'];

describe('the acting identity has one rule', () => {
  it('names the problem of each bad value', () => {
    expect(actingIdentityProblem('u1001')).toBeNull();
    expect(actingIdentityProblem('')).toBe('empty');
    expect(actingIdentityProblem('x'.repeat(65))).toBe('tooLong');
    expect(actingIdentityProblem('u 1001')).toBe('badCharacters');
  });

  it('the contract and the cases file accept exactly what the pure rule accepts', () => {
    for (const value of samples) {
      const ok = actingIdentityProblem(value) === null;
      expect(actingIdentitySchema.safeParse(value).success, value).toBe(ok);
      const file = { cases: [{ name: 'c', customer: value, messages: ['hi'] }] };
      expect(casesFileSchema.safeParse(file).success, value).toBe(ok);
    }
  });
});
