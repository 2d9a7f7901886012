import type { UiMessage } from '../../../shared/i18n-message';
import { errorMessage } from './format';
import { i18n } from './i18n';
import { shownText } from './i18n/messages';
import { RpcClientError } from './rpc/types';

/** One refused field: main's `details` entries carry a dot path (e.g. `intents.0.children.1.toolId`) and a message. */
export interface FieldProblem {
  path: string;
  message: string;
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

/** A problem's message in the UI's language, where main sent its code (`uiMessage`). */
const translated = ({ path, message, uiMessage }: FieldProblem & { uiMessage?: UiMessage }): FieldProblem => ({
  path,
  message: shownText(i18n, message, uiMessage),
});

export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof RpcClientError) {
    const problems = Array.isArray(error.details) ? error.details.filter(isProblem).map(translated) : [];
    if (error.code === 'conflict') return { kind: 'conflict', message: errorMessage(error), problems };
    if (error.code === 'bad_request' || error.code === 'invalid_config')
      return { kind: 'invalid', message: errorMessage(error), problems };
  }
  return { kind: 'failed', message: errorMessage(error), problems: [] };
}
