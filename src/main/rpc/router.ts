import { z } from 'zod';
import {
  routes,
  type ParsedInput,
  type Result,
  type RouteName,
  type RouteOutput,
  type RpcError,
} from '../../shared/contract';
import type { UiMessage } from '../../shared/i18n-message';
import { say } from '../../shared/messages';
import { zodIssueMessage } from '../../shared/messages/zod-issue';
import type { DomainError } from '../core/errors';
import { codeOfDomainError } from './domain-errors';
import { errorText } from '../../shared/error-text';
import { DEFAULT_MAX_INPUT_DEPTH, DEFAULT_MAX_PAYLOAD_BYTES } from './limits';

export interface RequestContext {
  transport: 'ipc' | 'ws' | 'internal';
}

/** One handler per route; a route without a handler is a compile error where this map is built. */
export type Handlers = {
  [N in RouteName]: (input: ParsedInput<N>, ctx: RequestContext) => Promise<RouteOutput<N>> | RouteOutput<N>;
};

export interface RouterOptions {
  /** Inputs whose JSON form exceeds this are refused before parsing. */
  maxPayloadBytes?: number;
  /** Inputs nesting deeper than this are refused before parsing (zod recurses per level). */
  maxDepth?: number;
  /** Parse outputs too; on in tests to catch handlers drifting from the contract. */
  validateOutput?: boolean;
  onInternalError?: (route: string, error: unknown) => void;
}

export type Dispatch = (route: unknown, input: unknown, ctx: RequestContext) => Promise<Result<unknown>>;

export { DEFAULT_MAX_INPUT_DEPTH, DEFAULT_MAX_PAYLOAD_BYTES } from './limits';

const isKnownRoute = (route: unknown): route is RouteName =>
  typeof route === 'string' && Object.prototype.hasOwnProperty.call(routes, route);

/** Looks a route up, parses its input, calls the handler. Never throws: every outcome is a Result. */
export function createRouter(handlers: Handlers, options: RouterOptions = {}): Dispatch {
  const maxBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_INPUT_DEPTH;
  return async (route, input, ctx) => {
    try {
      // Never String(route): a route nested 200,000 deep overflowed the stack there (issue 25).
      if (!isKnownRoute(route))
        return fail(
          'unknown_route',
          say('rpc.unknownRoute', {
            route:
              typeof route === 'string'
                ? JSON.stringify(route.slice(0, 80))
                : `(${route === null ? 'null' : Array.isArray(route) ? 'an array' : typeof route})`,
          }),
        );
      const size = jsonSize(input);
      if (size === undefined) return fail('bad_request', say('rpc.notJson', { route }));
      if (size > maxBytes)
        return fail('payload_too_large', say('rpc.payloadTooLarge', { route, size, limit: maxBytes }));
      // A 2,000-level tree is small in bytes but overflowed the stack inside zod, which surfaced as `internal`.
      if (exceedsDepth(input, maxDepth)) return fail('bad_request', say('rpc.tooDeep', { route, limit: maxDepth }));
      const def = routes[route];
      const parsed = def.input.safeParse(input);
      if (!parsed.success) {
        const { issues } = parsed.error;
        return fail(
          'bad_request',
          say('rpc.invalidInput', { route, count: issues.length }, `${route}: ${z.prettifyError(parsed.error)}`),
          issues.map(issueDetail),
        );
      }
      const handler = handlers[route] as (i: unknown, c: RequestContext) => unknown;
      const data = await handler(parsed.data, ctx);
      if (options.validateOutput) {
        const out = def.output.safeParse(data);
        if (!out.success) throw new Error(`${route} returned data outside its contract: ${z.prettifyError(out.error)}`);
      }
      return { ok: true, data };
    } catch (error) {
      const code = codeOfDomainError(error);
      if (code)
        return fail(code, (error as DomainError).uiMessage ?? (error as Error).message, (error as DomainError).details);
      options.onInternalError?.(String(route), error);
      const detail = errorText(error);
      return fail('internal', say('rpc.internal', { detail }, detail));
    }
  };
}

/** A refusal as data: the English `message` (CLI, logs) and, when main composed it, the code the console translates. */
function fail(code: RpcError['code'], message: string | UiMessage, details?: unknown): Result<never> {
  const error: RpcError =
    typeof message === 'string' ? { code, message } : { code, message: message.text, uiMessage: message };
  return { ok: false, error: details === undefined ? error : { ...error, details } };
}

function issueDetail(issue: z.core.$ZodIssue) {
  const uiMessage = zodIssueMessage(issue);
  return { path: issue.path.map(String).join('.'), message: issue.message, ...(uiMessage ? { uiMessage } : {}) };
}

/** Iterative, so the check itself cannot overflow; stops at the first path deeper than `max`. */
function exceedsDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

function jsonSize(value: unknown): number | undefined {
  if (value === undefined) return 0;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : Buffer.byteLength(text);
  } catch {
    return undefined;
  }
}
