import type { ErrorCode } from '../../shared/contract';
import { Conflict, DomainError, Invalid, InvalidConfig, NotFound, Refused, Unavailable } from '../core/errors';

/** The one place a core refusal becomes a wire code. */
const CODES: [new (...args: never[]) => DomainError, ErrorCode][] = [
  [NotFound, 'not_found'],
  [Conflict, 'conflict'],
  [Invalid, 'bad_request'],
  [InvalidConfig, 'invalid_config'],
  [Unavailable, 'unavailable'],
  [Refused, 'forbidden'],
];

/** The code for a domain error, or undefined for anything else (which the router reports as `internal`). */
export function codeOfDomainError(error: unknown): ErrorCode | undefined {
  if (!(error instanceof DomainError)) return undefined;
  return CODES.find(([kind]) => error instanceof kind)?.[1];
}
