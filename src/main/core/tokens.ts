import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import type { ToolDefinitionForModel } from './providers/types';

/**
 * Token estimates for the per-turn record ("what did the visible tools cost?"). o200k_base is
 * OpenAI's current encoding; other vendors tokenize differently, so treat numbers as estimates.
 */
let encoder: Tiktoken | undefined;

/** Lazy: building the encoder parses ~200k ranks, which only turns that record tokens should pay. */
function getEncoder(): Tiktoken {
  encoder ??= new Tiktoken(o200kBase);
  return encoder;
}

/** Builds the encoder ahead of need (it blocks ~1 s); called when a conversation opens, before its first turn. */
export function warmTokenizer(): void {
  getEncoder();
}

export function estimateTokens(text: string): number {
  if (!text) return 0;
  // Special-token text ("<|endoftext|>") in user content is counted as plain text, never rejected.
  return getEncoder().encode(text, [], []).length;
}

/** Serializes each tool as function-calling APIs send it (name, description, JSON schema) and counts that. */
export function estimateToolDefinitionTokens(tools: ToolDefinitionForModel[]): number {
  return tools.reduce(
    (sum, tool) =>
      sum + estimateTokens(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.inputSchema })),
    0,
  );
}
