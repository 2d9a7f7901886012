import { SdkError, SdkErrorCode, type InputRequiredOptions } from '@modelcontextprotocol/client';
import { say } from '../../../shared/messages';
import type { UiMessage } from '../../../shared/i18n-message';

/**
 * The most rounds one 2026-07-28 request may ask for input (multi-round-trip requests: an `input_required` result,
 * answered through the same elicitation, sampling and roots handlers as 2025's server requests, then the call retried
 * by the SDK). 8, the cap the SDK's server applies when it turns those rounds into 2025 requests, so a server that
 * never stops asking is stopped at the same point in both eras. Not configurable: a real flow needs a few rounds.
 */
export const MAX_INPUT_ROUNDS = 8;

/** The SDK client's multi-round-trip options: it fulfils each round through our handlers, up to MAX_INPUT_ROUNDS. */
export const INPUT_REQUIRED_OPTIONS: InputRequiredOptions = { autoFulfill: true, maxRounds: MAX_INPUT_ROUNDS };

/** A server kept asking for input after MAX_INPUT_ROUNDS rounds: the call was abandoned. Names the server. */
export class InputRoundsExceededError extends Error {
  override readonly name = 'InputRoundsExceededError';
  readonly uiMessage: UiMessage;
  constructor(
    readonly server: string,
    readonly rounds: number,
  ) {
    const message = say('call.inputRoundsExceeded', { server, rounds });
    super(message.text);
    this.uiMessage = message;
  }
}

/** The SDK's "still required input after N rounds" as an error naming the server; any other error unchanged. */
export function namedInputRoundsError(server: string, error: unknown): unknown {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.InputRequiredRoundsExceeded) return error;
  const rounds = (error.data as { rounds?: unknown } | undefined)?.rounds;
  return new InputRoundsExceededError(server, typeof rounds === 'number' ? rounds : MAX_INPUT_ROUNDS);
}
