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
}

/** Why a save failed, in the terms a form needs: field problems to place, a conflict to resolve, or a plain message. */
export interface SaveFailure {
  kind: 'invalid' | 'conflict' | 'failed';
  message: string;
  problems: FieldProblem[];
}

const isProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).message === 'string' &&
  typeof (value as FieldProblem).path === 'string';

const PLACE = ['line', 'column', 'followsFromLine'] as const;

/** A problem's message in the UI's language, where main sent its code (`uiMessage`). */
const translated = ({ uiMessage, ...problem }: FieldProblem & { uiMessage?: UiMessage }): FieldProblem => {
  const shown: FieldProblem = { path: problem.path, message: shownText(i18n, problem.message, uiMessage) };
  for (const key of PLACE) if (typeof problem[key] === 'number') shown[key] = problem[key];
  return shown;
};

export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof RpcClientError) {
    const problems = Array.isArray(error.details) ? error.details.filter(isProblem).map(translated) : [];
    if (error.code === 'conflict') return { kind: 'conflict', message: errorMessage(error), problems };
    if (error.code === 'bad_request' || error.code === 'invalid_config')
      return { kind: 'invalid', message: errorMessage(error), problems };
  }
  return { kind: 'failed', message: errorMessage(error), problems: [] };
}
