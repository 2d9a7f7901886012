/*
 * The 10,000-tool MCP server of the UI and event-loop scenarios: its tools, and the intent tree that mounts every
 * other one (50 categories × 100 nodes).
 */
import type { FixtureTool } from '../../tests/support/mcp';

export const WIDE_TOOL_COUNT = 10_000;

export const wideToolName = (i: number): string => `wide_tool_${String(i).padStart(5, '0')}`;

/** `version` marks the descriptions, so a new set is a changed definition for every tool. */
export function wideTools(version?: string): FixtureTool[] {
  const tag = version === undefined ? '' : ` (${version})`;
  return Array.from({ length: WIDE_TOOL_COUNT }, (_, i) => ({
    name: wideToolName(i),
    description: `Looks up record set ${i} for the customer and returns matching rows as JSON${tag}.`,
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
  }));
}

/** The server's config entry. */
export const wideServerConfig = (url: string) => ({ name: 'wide', url, timeoutMs: 60_000 });

/** 50 categories of 100 `auto` nodes, mounting every other tool. */
export function wideIntents() {
  return Array.from({ length: 50 }, (_, c) => ({
    id: `wide-${c}`,
    name: `Wide ${c}`,
    children: Array.from({ length: 100 }, (_, k) => ({
      id: `wide-${c}-${k}`,
      name: `Node ${c}.${k}`,
      kind: 'mcp',
      toolId: wideToolName((c * 100 + k) * 2),
      confirm: 'auto',
    })),
  }));
}
