import type { Expectations } from './cases';

/** What a run of a case did, as the expectations read it. */
export interface ObservedRun {
  /** Every call the model asked for, in order (refused, rejected and not-executed ones included: the model asked). */
  calls: { tool: string; arguments: unknown; status: string }[];
  /** The text the model answered the last message with. */
  lastAnswer: string;
  /** Turns that did not complete, as "turn N: status (error)". */
  unfinishedTurns: string[];
}

export interface ExpectationResult {
  /** The expectation in words, e.g. `calls query_logistics {"trackingNo":"BIT9100000233"}`. */
  expectation: string;
  passed: boolean;
  /** Why it failed (or what matched). */
  detail: string;
}

/** Checks each expectation against a run; a turn that did not complete is a failure of its own. */
export function evaluateCase(expect: Expectations, run: ObservedRun): ExpectationResult[] {
  const results: ExpectationResult[] = run.unfinishedTurns.map((turn) => ({ expectation: 'every turn completes', passed: false, detail: turn }));
  let from = 0;
  for (const expected of expect.calls) {
    const label = `calls ${expected.tool}${expected.arguments ? ` ${JSON.stringify(expected.arguments)}` : ''}`;
    const at = run.calls.findIndex((call, index) => index >= from && call.tool === expected.tool && (!expected.arguments || isSubset(expected.arguments, call.arguments)));
    if (at >= 0) {
      results.push({ expectation: label, passed: true, detail: `call ${at + 1} of ${run.calls.length}` });
      from = at + 1;
      continue;
    }
    const sameTool = run.calls.filter((call) => call.tool === expected.tool);
    const detail =
      sameTool.length > 0
        ? `${expected.tool} was called with ${sameTool.map((c) => JSON.stringify(c.arguments)).join(', ')}${run.calls.indexOf(sameTool[0]) < from ? ' (before the call expected ahead of it)' : ''}`
        : run.calls.length > 0
          ? `not called; the calls were ${run.calls.map((c) => c.tool).join(', ')}`
          : 'not called; the model made no tool call';
    results.push({ expectation: label, passed: false, detail });
  }
  for (const tool of expect.notCalled) {
    const count = run.calls.filter((call) => call.tool === tool).length;
    results.push({ expectation: `does not call ${tool}`, passed: count === 0, detail: count === 0 ? 'not called' : `called ${count} time${count === 1 ? '' : 's'}` });
  }
  const wanted = expect.answerContains === undefined ? [] : Array.isArray(expect.answerContains) ? expect.answerContains : [expect.answerContains];
  for (const text of wanted) {
    const found = run.lastAnswer.includes(text);
    results.push({
      expectation: `answer contains "${text}"`,
      passed: found,
      detail: found ? 'found' : `the answer was: ${run.lastAnswer ? clip(run.lastAnswer, 300) : '(empty)'}`,
    });
  }
  return results;
}

/** `expected` is contained in `actual`: every key of an object present and equal, recursively; arrays and scalars equal. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (expected === actual) return true;
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.length === actual.length && expected.every((item, i) => isSubset(item, actual[i]));
  if (isObject(expected)) return isObject(actual) && Object.entries(expected).every(([key, value]) => key in actual && isSubset(value, actual[key]));
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
