import { ToolSchema } from '@modelcontextprotocol/core';
import type { Client, RequestOptions, Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { Slices } from '../slices';
import { listCacheHint, pageCacheHint } from './list-cache';
import { RAW_TOOLS_KEY } from './raw-tool-pages';
import type { ListCacheHint, RefusedTool } from './types';

const MAX_PAGES = 1_000;

/**
 * The page's envelope only: the tools are checked one by one below, in slices. The SDK's listTools() checks
 * the whole page in one synchronous parse, which for a 10,000-tool page held the event loop (and the window)
 * for a few hundred milliseconds; and it refuses the whole list for one bad tool.
 */
const pageSchema = z.looseObject({
  tools: z.array(z.unknown()),
  [RAW_TOOLS_KEY]: z.array(z.unknown()).optional(),
  nextCursor: z.string().optional(),
  ttlMs: z.unknown().optional(),
  cacheScope: z.unknown().optional(),
});

/**
 * The spec's name length. Its character set (A-Z a-z 0-9 _ - .) is a SHOULD that the SDK's servers only warn
 * about: a name outside it is kept and shown escaped, with the look-alike note, not refused.
 */
const MAX_TOOL_NAME = 128;

export interface DiscoveredTools {
  tools: Tool[];
  /** Definitions that are not a valid Tool: left out of `tools`, each with its reason. */
  refused: RefusedTool[];
  /** The list's caching hint (2026-07-28 ttlMs/cacheScope across its pages); nulls when it gave none. */
  cache: ListCacheHint;
}

/**
 * tools/list, following every page. A server that repeats a cursor would loop forever; that, and
 * an absurd page count, is reported as an error instead. Each tool is checked against the SDK's Tool schema;
 * one that fails is refused on its own (with the reason), so the good tools of the same page still come through.
 */
export async function discoverToolList(client: Client, options: RequestOptions): Promise<DiscoveredTools> {
  const tools: Tool[] = [];
  const refused: RefusedTool[] = [];
  const hints: ListCacheHint[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let index = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request(
      { method: 'tools/list', params: cursor === undefined ? undefined : { cursor } },
      pageSchema,
      options,
    );
    hints.push(pageCacheHint(result));
    // The definitions as the server sent them, when raw-tool-pages.ts took them past the SDK's whole-page check.
    index = await checkTools(result[RAW_TOOLS_KEY] ?? result.tools, index, tools, refused);
    cursor = result.nextCursor;
    if (cursor === undefined) return { tools, refused, cache: listCacheHint(hints) };
    if (seenCursors.has(cursor)) throw new Error(`tools/list returned cursor "${cursor}" twice; stopping`);
    seenCursors.add(cursor);
  }
  throw new Error(`tools/list returned more than ${MAX_PAGES} pages; stopping`);
}

/** The valid tools only (callers that have no use for the refused ones or the caching hint). */
export async function discoverAllTools(client: Client, options: RequestOptions): Promise<Tool[]> {
  return (await discoverToolList(client, options)).tools;
}

async function checkTools(raw: unknown[], start: number, tools: Tool[], refused: RefusedTool[]): Promise<number> {
  const slices = new Slices();
  const seen = new Set(tools.map((t) => t.name));
  for (let i = 0; i < raw.length; i++) {
    const index = start + i;
    const reason = refusal(raw[i], seen);
    if (reason) refused.push({ index, name: nameOf(raw[i]), reason });
    else {
      const tool = ToolSchema.parse(raw[i]);
      tools.push(tool);
      seen.add(tool.name);
    }
    if (slices.due) await slices.handBack();
  }
  return start + raw.length;
}

/** Why a definition is refused, or undefined when it is a Tool we keep. */
function refusal(raw: unknown, seen: ReadonlySet<string>): string | undefined {
  const parsed = ToolSchema.safeParse(raw);
  if (!parsed.success)
    return parsed.error.issues
      .map((i) => `${i.path.length ? i.path.join('.') : 'definition'}: ${i.message}`)
      .join('; ');
  const name = parsed.data.name;
  if (name.length === 0) return 'the name is empty';
  if (name.length > MAX_TOOL_NAME)
    return `name ${JSON.stringify(name.slice(0, 40))}… is longer than ${MAX_TOOL_NAME} characters (${name.length})`;
  if (seen.has(name)) return `a second definition named "${name}" (the first one is kept)`;
  return undefined;
}

function nameOf(raw: unknown): string | null {
  const name = (raw as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name.slice(0, 200) : null;
}
