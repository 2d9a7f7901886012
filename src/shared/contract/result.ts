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
