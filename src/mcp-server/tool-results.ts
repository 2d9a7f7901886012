// The one result shape other components parse: JSON text for models that only read text,
// the same payload as structuredContent for code (the planner, the UI).
import type { CallToolResult } from '@modelcontextprotocol/server';

export function toolSuccess<T extends object>(payload: T): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(payload) }],
    structuredContent: payload as Record<string, unknown>,
  };
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
