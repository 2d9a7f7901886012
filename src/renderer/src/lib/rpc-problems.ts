import { errorMessage } from './format';
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
  typeof value === 'object' && value !== null && typeof (value as FieldProblem).message === 'string' && typeof (value as FieldProblem).path === 'string';

export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof RpcClientError) {
    const problems = Array.isArray(error.details) ? error.details.filter(isProblem) : [];
    if (error.code === 'conflict') return { kind: 'conflict', message: error.message, problems };
    if (error.code === 'bad_request' || error.code === 'invalid_config') return { kind: 'invalid', message: error.message, problems };
  }
  return { kind: 'failed', message: errorMessage(error), problems: [] };
}
