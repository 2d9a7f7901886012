// A shop tool as plain data: what tools/list shows plus the function that runs it.
// Kept separate from McpServer so the start-up check and tests can inspect tools without a session.
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { ShopStore } from './shop-store';

export interface ShopToolContext {
  /** The acting customer, from the request's _meta, never from arguments. */
  customerId: string;
  store: ShopStore;
}

export interface ShopToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title?: string;
  description: string;
  inputSchema: Shape;
  /** Optional in the type on purpose: the start-up check, not the compiler, rejects a missing readOnlyHint. */
  annotations?: ToolAnnotations;
  // Method syntax keeps definitions with specific shapes assignable to ShopToolDefinition[].
  run(args: z.output<z.ZodObject<Shape>>, ctx: ShopToolContext): CallToolResult | Promise<CallToolResult>;
}

/** Identity helper that infers `args` from the shape. */
export function defineShopTool<Shape extends z.ZodRawShape>(def: ShopToolDefinition<Shape>): ShopToolDefinition<Shape> {
  return def;
}

/**
 * Start-up check (DESIGN §4): confirmation policy `auto` treats a missing readOnlyHint as a write,
 * so the demo server refuses to start unless every tool says explicitly what it is.
 */
export function assertToolsDeclareReadOnlyHint(
  tools: ReadonlyArray<{ name: string; annotations?: { readOnlyHint?: unknown } }>,
): void {
  const offenders = tools.filter((t) => typeof t.annotations?.readOnlyHint !== 'boolean').map((t) => t.name);
  if (offenders.length > 0) {
    throw new Error(
      `Shop MCP server refuses to start: tool(s) ${offenders.map((n) => `"${n}"`).join(', ')} ` +
        'must declare annotations.readOnlyHint explicitly as true or false',
    );
  }
}
