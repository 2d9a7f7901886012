import type { UiMessage } from '../i18n-message';
import { say } from '../messages';
import type { Expectations } from './cases';

/** What a run of a case did, as the expectations read it. */
export interface ObservedRun {
  /** Every call the model asked for, in order (refused, rejected and not-executed ones included: the model asked). */
  calls: { tool: string; arguments: unknown; status: string }[];
  /** The text the model answered the last message with. */
  lastAnswer: string;
  /** Turns that did not complete, as "turn N: status (error)". */
  unfinishedTurns: UiMessage[];
}

export interface ExpectationResult {
  /** The expectation in words, e.g. `calls query_logistics {"trackingNo":"BIT9100000233"}`. */
  expectation: string;
  passed: boolean;
  /** Why it failed (or what matched). */
  detail: string;
  /** The same two as codes the console translates (the English above is what the CLI and JUnit print). */
  expectationMessage?: UiMessage;
  detailMessage?: UiMessage;
}

/** One expectation's result from its messages: the English texts and the codes travel together (a detail that is only text, e.g. an error, has no code). */
export const expectationResult = (
  expectation: UiMessage,
  passed: boolean,
  detail: UiMessage | string,
): ExpectationResult => ({
  expectation: expectation.text,
  passed,
  detail: typeof detail === 'string' ? detail : detail.text,
  expectationMessage: expectation,
  ...(typeof detail === 'string' ? {} : { detailMessage: detail }),
});

/** A turn that did not complete, for ObservedRun.unfinishedTurns (`turn` counts from 1). */
export const unfinishedTurn = (turn: number, status: string, error?: string): UiMessage =>
  error
    ? say('tests.detail.turnUnfinishedWith', { turn, status, error })
    : say('tests.detail.turnUnfinished', { turn, status });

/** Checks each expectation against a run; a turn that did not complete is a failure of its own. */
export function evaluateCase(expect: Expectations, run: ObservedRun): ExpectationResult[] {
  const results: ExpectationResult[] = run.unfinishedTurns.map((turn) =>
    expectationResult(say('tests.expect.everyTurnCompletes'), false, turn),
  );
  let from = 0;
  for (const expected of expect.calls) {
    const label = expected.arguments
      ? say('tests.expect.callsWith', { tool: expected.tool, arguments: JSON.stringify(expected.arguments) })
      : say('tests.expect.calls', { tool: expected.tool });
    const at = run.calls.findIndex(
      (call, index) =>
        index >= from &&
        call.tool === expected.tool &&
        (!expected.arguments || isSubset(expected.arguments, call.arguments)),
    );
    if (at >= 0) {
      results.push(
        expectationResult(label, true, say('tests.detail.callOf', { index: at + 1, total: run.calls.length })),
      );
      from = at + 1;
      continue;
    }
    const sameTool = run.calls.filter((call) => call.tool === expected.tool);
    const calledWith = { tool: expected.tool, arguments: sameTool.map((c) => JSON.stringify(c.arguments)).join(', ') };
    const detail =
      sameTool.length > 0
        ? say(
            run.calls.indexOf(sameTool[0]) < from ? 'tests.detail.calledWithEarlier' : 'tests.detail.calledWith',
            calledWith,
          )
        : run.calls.length > 0
          ? say('tests.detail.otherCalls', { calls: run.calls.map((c) => c.tool).join(', ') })
          : say('tests.detail.noCalls');
    results.push(expectationResult(label, false, detail));
  }
  for (const tool of expect.notCalled) {
    const count = run.calls.filter((call) => call.tool === tool).length;
    const detail =
      count === 0
        ? say('tests.detail.notCalled')
        : count === 1
          ? say('tests.detail.calledOnce')
          : say('tests.detail.calledTimes', { count });
    results.push(expectationResult(say('tests.expect.notCalls', { tool }), count === 0, detail));
  }
  const wanted =
    expect.answerContains === undefined
      ? []
      : Array.isArray(expect.answerContains)
        ? expect.answerContains
        : [expect.answerContains];
  for (const text of wanted) {
    const found = run.lastAnswer.includes(text);
    const detail = found
      ? say('tests.detail.found')
      : run.lastAnswer
        ? say('tests.detail.answerWas', { answer: clip(run.lastAnswer, 300) })
        : say('tests.detail.answerEmpty');
    results.push(expectationResult(say('tests.expect.answerContains', { text }), found, detail));
  }
  return results;
}

/** `expected` is contained in `actual`: every key of an object present and equal, recursively; arrays and scalars equal. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (expected === actual) return true;
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      expected.length === actual.length &&
      expected.every((item, i) => isSubset(item, actual[i]))
    );
  if (isObject(expected))
    return (
      isObject(actual) &&
      Object.entries(expected).every(([key, value]) => key in actual && isSubset(value, actual[key]))
    );
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
