import type { ModelStep } from '../../../shared/contract';
import { estimateTokens } from '../tokens';

/** A server's `instructions`, for a server whose entry says `useInstructions: true`. */
export interface ServerInstructions {
  server: string;
  text: string;
}

/** Instructions longer than this (characters) are cut, with a note: a server must not fill the prompt on its own. */
export const INSTRUCTIONS_CAP = 16 * 1024;

/** What the model is given of one server's instructions: the text, cut at the cap. */
export function instructionsText(text: string): string {
  return text.length <= INSTRUCTIONS_CAP
    ? text
    : `${text.slice(0, INSTRUCTIONS_CAP)}\n[… instructions cut by the host: ${INSTRUCTIONS_CAP} of ${text.length} characters shown]`;
}

/** The system prompt with each server's instructions appended under a heading that names the server, in config order. */
export function withInstructions(base: string, instructions: readonly ServerInstructions[]): string {
  if (instructions.length === 0) return base;
  const sections = instructions.map(
    (i) => `## Instructions from the MCP server "${i.server}"\n\n${instructionsText(i.text)}`,
  );
  return [base, ...sections].filter((part) => part !== '').join('\n\n');
}

/** The step's record of them: exactly the text appended, and its o200k tokens (an estimate never stops a turn). */
export async function instructionsRecord(
  instructions: readonly ServerInstructions[],
): Promise<NonNullable<ModelStep['instructions']>> {
  return Promise.all(
    instructions.map(async ({ server, text }) => {
      const sent = instructionsText(text);
      const tokens = await estimateTokens(sent).catch(() => Math.ceil(Buffer.byteLength(sent) / 4));
      return { server, text: sent, tokens };
    }),
  );
}
