/**
 * The acting identity: who a conversation, a test case or a run by hand acts as. Each MCP call carries it in `_meta`
 * (`switchboard/customerId`, the key the demo shop reads as the session's identity), never in the model's arguments.
 * Its one rule, pure (no zod) so the console's forms check it as main does: the contract and the cases file build
 * their schemas from it.
 */
export const ACTING_IDENTITY_MAX_LENGTH = 64;
export const ACTING_IDENTITY_CHARACTERS = /^[A-Za-z0-9_-]+$/;

export type ActingIdentityProblem = 'empty' | 'tooLong' | 'badCharacters';

/** What is wrong with `value` as an acting identity, or null when it is one. */
export function actingIdentityProblem(value: string): ActingIdentityProblem | null {
  if (!value) return 'empty';
  if (value.length > ACTING_IDENTITY_MAX_LENGTH) return 'tooLong';
  if (!ACTING_IDENTITY_CHARACTERS.test(value)) return 'badCharacters';
  return null;
}
