import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

const MAX_PAGES = 1_000;

/**
 * tools/list, following every page. A server that repeats a cursor would loop forever; that, and
 * an absurd page count, is reported as an error instead.
 */
export async function discoverAllTools(client: Client, options: RequestOptions): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) {
      // One page: listTools() has just cached exactly these (compiling each output schema again cost start-up time).
      if (page > 0) cacheAllPages(client, tools);
      return tools;
    }
    if (seenCursors.has(cursor)) throw new Error(`tools/list returned cursor "${cursor}" twice; stopping`);
    seenCursors.add(cursor);
  }
  throw new Error(`tools/list returned more than ${MAX_PAGES} pages; stopping`);
}

/**
 * The SDK caches output-schema validators per listTools() call, i.e. only the last page's tools.
 * Re-cache with the whole list so callTool validates structured output for every tool.
 */
function cacheAllPages(client: Client, tools: Tool[]): void {
  const cache = (client as unknown as { cacheToolMetadata?: (tools: Tool[]) => void }).cacheToolMetadata;
  if (typeof cache === 'function') cache.call(client, tools);
}
