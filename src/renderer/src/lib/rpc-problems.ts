import type { UiMessage } from '../../../shared/i18n-message';
import { errorMessage } from './format';
import { i18n } from './i18n';
import { shownText } from './i18n/messages';
import { RpcClientError } from './rpc/types';

/** One refused field: main's `details` entries carry a dot path (e.g. `intents.0.children.1.toolId`) and a message. */
export interface FieldProblem {
  path: string;
  message: string;
  /** Where in switchboard.yaml, when main knows (a raw YAML save); a YAML cascade names its first error's line. */
  line?: number;
  column?: number;
  followsFromLine?: number;
  /** Main's code for `message`: kept so the text is translated when shown, in the language of that moment. */
  uiMessage?: UiMessage;
}

/** Why a save failed, in the terms a form needs: field problems to place, a conflict to resolve, or a plain message. */
export interface SaveFailure {
  kind: 'invalid' | 'conflict' | 'failed';
  message: string;
  /** Main's code for `message` (see failureText): a stored failure follows a later language switch. */
  uiMessage?: UiMessage;
  problems: FieldProblem[];
}

const isProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).message === 'string' &&
  typeof (value as FieldProblem).path === 'string';

const PLACE = ['line', 'column', 'followsFromLine'] as const;

/** A problem as main sent it: its English text, its place, and its code to translate at render (problemText). */
const kept = (problem: FieldProblem): FieldProblem => {
  const shown: FieldProblem = { path: problem.path, message: problem.message };
  for (const key of PLACE) if (typeof problem[key] === 'number') shown[key] = problem[key];
  if (problem.uiMessage) shown.uiMessage = problem.uiMessage;
  return shown;
};

/** A problem's message in the UI's language now (call it while rendering, not when the refusal arrives). */
export const problemText = (problem: Pick<FieldProblem, 'message' | 'uiMessage'>): string =>
  shownText(i18n, problem.message, problem.uiMessage);

/** A failure's message in the UI's language now. */
export const failureText = (failure: Pick<SaveFailure, 'message' | 'uiMessage'>): string =>
  shownText(i18n, failure.message, failure.uiMessage);

export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof RpcClientError) {
    const problems = Array.isArray(error.details) ? error.details.filter(isProblem).map(kept) : [];
    const said = { message: errorMessage(error), ...(error.uiMessage ? { uiMessage: error.uiMessage } : {}) };
    if (error.code === 'conflict') return { kind: 'conflict', ...said, problems };
    if (error.code === 'bad_request' || error.code === 'invalid_config') return { kind: 'invalid', ...said, problems };
  }
  return { kind: 'failed', message: errorMessage(error), problems: [] };
}
