import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RELATED_TASK_META_KEY, UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import type { Client, ClientCapabilities, Root } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../shared/config/schema';
import { APP_EXTENSION_ID, APP_MIME_TYPE } from '../../../shared/contract/apps';
import type { ServerRequestHandlers } from './types';

/**
 * What we declare in `initialize`, from the server's config. Servers decide what they offer from it
 * (server-everything withholds its elicitation, sampling and roots tools from a client that declares
 * none), so the catalog CLI declares exactly what the app does.
 * - elicitation, form and URL: a server's questions reach the operator (unless `elicitation: false`);
 * - sampling: a server's model requests run only after the operator approves them (unless `sampling: false`);
 * - roots, with listChanged: only when the entry lists roots, so a server never sees an empty workspace it
 *   might read as "no restriction";
 * - no client-side tasks: we answer sampling and elicitation directly, never as tasks of our own.
 * Without request handlers (a host with no one to ask) neither elicitation nor sampling is declared.
 */
export function declaredCapabilities(
  config: ServerConfig,
  handlers: ServerRequestHandlers | undefined,
): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (handlers && config.elicitation !== false) capabilities.elicitation = { form: {}, url: {} };
  if (handlers && config.sampling !== false) capabilities.sampling = {};
  if (config.roots?.length) capabilities.roots = { listChanged: true };
  // MCP Apps: we render a tool's HTML interface (docs/PIPELINE.md, "MCP Apps"); servers may offer app tools only to hosts that say so.
  capabilities.extensions = { [APP_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } };
  return capabilities;
}

/** The capability names a full client declares; what a server was not offered is what it may hide tools behind. */
export const CLIENT_CAPABILITY_NAMES = ['elicitation', 'sampling', 'roots'] as const;
export type ClientCapabilityName = (typeof CLIENT_CAPABILITY_NAMES)[number];

/** Configured root paths as MCP roots: absolute file:// URIs named after their last segment. */
export function rootsOf(paths: readonly string[] | undefined): Root[] {
  return (paths ?? []).map((path) => {
    const absolute = resolve(path);
    return { uri: pathToFileURL(absolute).href, name: basename(absolute) || absolute };
  });
}

/**
 * Answers what a server asks of us on this client, for what was declared: elicitation/create and
 * sampling/createMessage go to the handlers (the SDK validates both ways: a malformed request or answer
 * never reaches the other side), roots/list reads the current roots. The request's signal aborts when the
 * server cancels it or the connection closes; a task-related request names its task.
 */
export function installRequestHandlers(
  client: Client,
  server: string,
  declared: ClientCapabilities,
  handlers: ServerRequestHandlers | undefined,
  roots: () => Root[],
): void {
  if (handlers && declared.elicitation)
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      handlers.elicit(
        { server, signal: ctx.mcpReq.signal, relatedTaskId: relatedTaskOf(request.params) },
        request.params,
      ),
    );
  if (handlers && declared.sampling)
    client.setRequestHandler('sampling/createMessage', (request, ctx) =>
      handlers.sample(
        { server, signal: ctx.mcpReq.signal, relatedTaskId: relatedTaskOf(request.params) },
        request.params,
      ),
    );
  if (declared.roots) client.setRequestHandler('roots/list', () => ({ roots: roots() }));
}

/** The task a server's request belongs to, from its related-task `_meta` (v2 no longer hands it over separately). */
function relatedTaskOf(params: { _meta?: Record<string, unknown> }): string | undefined {
  const related = params._meta?.[RELATED_TASK_META_KEY];
  const taskId = related && typeof related === 'object' ? (related as { taskId?: unknown }).taskId : undefined;
  return typeof taskId === 'string' ? taskId : undefined;
}

/**
 * A call answered -32042 (URL elicitation required): each URL it lists goes to the operator as a URL-mode question,
 * through the same gate and card as one the server asks itself. True when every one was accepted (opened), so the
 * call may be tried again; false sends the original error on. Without handlers (no operator) nothing is asked.
 */
export async function askRequiredUrls(
  handlers: ServerRequestHandlers | undefined,
  server: string,
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (!handlers || !(error instanceof UrlElicitationRequiredError) || error.elicitations.length === 0) return false;
  for (const params of error.elicitations) {
    const answer = await handlers.elicit({ server, signal: signal ?? new AbortController().signal }, params);
    if (answer.action !== 'accept') return false;
  }
  return true;
}
