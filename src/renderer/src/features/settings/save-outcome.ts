import type { ConfigProblem } from '../../../../shared/contract';
import { errorMessage } from '../../lib/format';
import { RpcClientError } from '../../lib/rpc/types';

export type SaveOutcome =
  | { kind: 'saved'; revision: number; keptBrokenText?: string }
  | { kind: 'refused'; message: string; problems: ConfigProblem[] }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string };

const isProblem = (value: unknown): value is ConfigProblem =>
  typeof value === 'object' && value !== null && typeof (value as ConfigProblem).message === 'string';

/** What a failed config.save means for the operator: invalid (with problems and lines), a conflict, or anything else. */
export function outcomeOfError(error: unknown): SaveOutcome {
  if (error instanceof RpcClientError && error.code === 'invalid_config') {
    const problems = Array.isArray(error.details) ? error.details.filter(isProblem) : [];
    return { kind: 'refused', message: errorMessage(error), problems };
  }
  if (error instanceof RpcClientError && error.code === 'conflict')
    return { kind: 'conflict', message: errorMessage(error) };
  return { kind: 'failed', message: errorMessage(error) };
}
