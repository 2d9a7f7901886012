import { ToolSchema } from "@modelcontextprotocol/core";
import type { Client, RequestOptions, Tool } from "@modelcontextprotocol/client";
import { z } from 'zod';
import { Slices } from '../slices';

const MAX_PAGES = 1_000;

/**
 * The page's envelope only: the tools are checked one by one below, in slices. The SDK's listTools() checks
 * the whole page in one synchronous parse, which for a 10,000-tool page held the event loop (and the window)
 * for a few hundred milliseconds.
 */
const pageSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/**
 * tools/list, following every page. A server that repeats a cursor would loop forever; that, and
 * an absurd page count, is reported as an error instead. Each tool is checked against the SDK's Tool schema,
 * as listTools() does; a page with an invalid tool fails as a whole, as it does there.
 */
export async function discoverAllTools(client: Client, options: RequestOptions): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request({ method: 'tools/list', params: cursor === undefined ? undefined : { cursor } }, pageSchema, options);
    tools.push(...(await checkTools(result.tools)));
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seenCursors.has(cursor)) throw new Error(`tools/list returned cursor "${cursor}" twice; stopping`);
    seenCursors.add(cursor);
  }
  throw new Error(`tools/list returned more than ${MAX_PAGES} pages; stopping`);
}

async function checkTools(raw: unknown[]): Promise<Tool[]> {
  const out: Tool[] = [];
  const slices = new Slices();
  for (let i = 0; i < raw.length; i++) {
    const parsed = ToolSchema.safeParse(raw[i]);
    if (!parsed.success) throw new Error(`tools/list returned an invalid tool at index ${i}: ${parsed.error.message}`);
    out.push(parsed.data);
    if (slices.due) await slices.handBack();
  }
  return out;
}
