import { describe, expect, it } from 'vitest';
import { expectationsSchema } from './cases';
import type { UiMessage } from '../i18n-message';
import { evaluateCase, isSubset, unfinishedTurn } from './evaluate';

const run = (calls: [string, unknown][], lastAnswer = '', unfinishedTurns: UiMessage[] = []) => ({
  calls: calls.map(([tool, args]) => ({ tool, arguments: args, status: 'success' })),
  lastAnswer,
  unfinishedTurns,
});

describe('evaluateCase', () => {
  it('matches calls in order with argument subsets, other calls allowed between', () => {
    const expect_ = expectationsSchema.parse({
      calls: [{ tool: 'query_order' }, { tool: 'query_logistics', arguments: { trackingNo: 'B1' } }],
    });
    const results = evaluateCase(
      expect_,
      run([
        ['query_order', { keyword: 'x' }],
        ['load_skill', {}],
        ['query_logistics', { trackingNo: 'B1', extra: 1 }],
      ]),
    );
    expect(results.every((r) => r.passed)).toBe(true);
  });

  it('fails a call made out of order or with other arguments, saying what happened', () => {
    const expect_ = expectationsSchema.parse({ calls: [{ tool: 'b' }, { tool: 'a' }] });
    const results = evaluateCase(
      expect_,
      run([
        ['a', {}],
        ['b', {}],
      ]),
    );
    expect(results.map((r) => r.passed)).toEqual([true, false]);
    expect(results[1].detail).toMatch(/before the call expected ahead of it/);
    const args = evaluateCase(
      expectationsSchema.parse({ calls: [{ tool: 'a', arguments: { n: 2 } }] }),
      run([['a', { n: 1 }]]),
    );
    expect(args[0]).toMatchObject({ passed: false, detail: 'a was called with {"n":1}' });
  });

  it('checks notCalled, answerContains and unfinished turns', () => {
    const expect_ = expectationsSchema.parse({ notCalled: ['cancel_order'], answerContains: ['BIT9', 'missing'] });
    const results = evaluateCase(
      expect_,
      run([['cancel_order', {}]], 'tracking BIT9100000233', [unfinishedTurn(1, 'error', 'model error')]),
    );
    expect(results.map((r) => [r.expectation, r.passed])).toEqual([
      ['every turn completes', false],
      ['does not call cancel_order', false],
      ['answer contains "BIT9"', true],
      ['answer contains "missing"', false],
    ]);
    expect(results[0].detail).toBe('turn 1: error (model error)');
    expect(results[1].detail).toBe('called 1 time');
    expect(results[3].detail).toBe('the answer was: tracking BIT9100000233');
  });

  it('isSubset compares objects by the keys given, arrays and scalars exactly', () => {
    expect(isSubset({ a: { b: 1 } }, { a: { b: 1, c: 2 }, d: 3 })).toBe(true);
    expect(isSubset({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(isSubset({ a: 1 }, { a: '1' })).toBe(false);
    expect(isSubset({ a: undefined }, {})).toBe(false);
  });
});
