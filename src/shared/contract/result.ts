import type { UiMessage } from '../i18n-message';

/** Errors travel as data: an Electron invoke rejection would lose `code`. */
export type ErrorCode =
  | 'bad_request'
  | 'unknown_route'
  | 'payload_too_large'
  | 'not_found'
  | 'conflict'
  | 'invalid_config'
  | 'unavailable'
  | 'forbidden'
  | 'internal';

export interface RpcError {
  code: ErrorCode;
  message: string;
  /** Optional structured detail, e.g. zod issue paths for a bad_request. */
  details?: unknown;
  /** `message` as a code and params the console translates (its `text` is `message`). */
  uiMessage?: UiMessage;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: RpcError };

/** Throw from a handler to return a specific error code instead of `internal`. */
export class RpcFailure extends Error {
  readonly uiMessage?: UiMessage;
  constructor(
    public readonly code: ErrorCode,
    message: string | UiMessage,
    public readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : message.text);
    if (typeof message !== 'string') this.uiMessage = message;
    this.name = 'RpcFailure';
  }
}
