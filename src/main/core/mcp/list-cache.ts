import type { ListCacheHint } from './types';

/** The SDK's own ceiling on a server's ttlMs (MAX_CACHE_TTL_MS, 24 h): a server cannot pin a list for longer. */
export const MAX_LIST_TTL_MS = 86_400_000;

/**
 * The soonest a list is fetched again for its ttl. A server answering `ttlMs: 1` had us fetch tools/list back to back
 * (hundreds a second, each a state change the console redraws); a second is the pace a change-notification storm gets.
 */
export const MIN_LIST_TTL_REFRESH_MS = 1_000;

/** No hint at all: a 2025-era list, or a 2026 page without ttlMs/cacheScope. Nothing is invented in its place. */
export const NO_CACHE_HINT: ListCacheHint = Object.freeze({ ttlMs: null, cacheScope: null });

/**
 * One page's caching hint (MCP 2026-07-28, server/utilities/caching): ttlMs, a non-negative integer of milliseconds,
 * and cacheScope, public or private. A field that is absent or malformed is no hint (null), not a default.
 */
export function pageCacheHint(page: { ttlMs?: unknown; cacheScope?: unknown }): ListCacheHint {
  const ttl = page.ttlMs;
  const ttlMs = typeof ttl === 'number' && Number.isSafeInteger(ttl) && ttl >= 0 ? ttl : null;
  const cacheScope = page.cacheScope === 'public' || page.cacheScope === 'private' ? page.cacheScope : null;
  return { ttlMs, cacheScope };
}

/**
 * A whole list from its pages' hints: fresh only as long as its shortest-lived page, and without a ttl if any page
 * gave none. Private if any page is private (that page belongs to one authorization context, so the list does);
 * public only when every page says public.
 */
export function listCacheHint(pages: readonly ListCacheHint[]): ListCacheHint {
  if (pages.length === 0) return NO_CACHE_HINT;
  const ttlMs = pages.some((p) => p.ttlMs === null) ? null : Math.min(...pages.map((p) => p.ttlMs!));
  const cacheScope = pages.some((p) => p.cacheScope === 'private')
    ? 'private'
    : pages.every((p) => p.cacheScope === 'public')
      ? 'public'
      : null;
  return { ttlMs, cacheScope };
}

/**
 * Re-fetches a list when its ttl runs out, not before. ttl 0 ("immediately stale") and no ttl are not polled: the
 * list is fetched again on a change notification, a listen stream that comes back, or a reconnect.
 */
export class TtlRefresh {
  private timer: NodeJS.Timeout | undefined;

  /** (Re)starts the countdown for a list just fetched; returns when it expires (ISO), or null when it never does. */
  schedule(hint: ListCacheHint, now: Date, refetch: () => void): string | null {
    this.cancel();
    if (hint.ttlMs === null || hint.ttlMs <= 0) return null;
    const ms = Math.min(Math.max(hint.ttlMs, MIN_LIST_TTL_REFRESH_MS), MAX_LIST_TTL_MS);
    this.timer = setTimeout(refetch, ms);
    this.timer.unref();
    return new Date(now.getTime() + ms).toISOString();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
