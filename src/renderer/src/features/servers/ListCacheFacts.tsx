import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../../shared/contract';
import { formatTime } from '../../lib/format';

/**
 * The server's detail: its tools/list caching hint (MCP 2026-07-28 ttlMs and cacheScope, as the server gave them; a
 * list without them says so) and the tool definitions it listed that were refused, each with why.
 */
export function ListCacheFacts({ server }: { server: ServerView }) {
  const { t } = useTranslation('servers');
  if (server.status !== 'connected') return null;
  const cache = server.toolsCache;
  const refused = server.refusedTools ?? [];
  return (
    <>
      {cache && (
        <>
          <dt>{t('listCache.toolsList')}</dt>
          <dd data-testid="tools-list-cache">
            {cache.ttlMs === null && cache.cacheScope === null ? (
              <span className="muted">{t('listCache.noHint')}</span>
            ) : (
              hintText(t, cache)
            )}
          </dd>
        </>
      )}
      {refused.length > 0 && (
        <>
          <dt>{t('listCache.refused')}</dt>
          <dd data-testid="server-refused-tools">
            <ul className="plain">
              {refused.map((r) => (
                <li key={r.index}>
                  <code>{r.name ?? t('listCache.unnamed', { index: r.index })}</code>: {r.reason}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}

/** A list's hint in words: its ttl (fresh for, stale at once, none) and its scope, as the server gave them. */
function hintText(
  t: TFunction<'servers'>,
  cache: { ttlMs: number | null; cacheScope: 'public' | 'private' | null; expiresAt?: string | null },
): string {
  const ttl =
    cache.ttlMs === null
      ? t('listCache.noTtl')
      : cache.ttlMs === 0
        ? t('listCache.staleAtOnce')
        : cache.expiresAt !== undefined
          ? t('listCache.freshFor', {
              seconds: cache.ttlMs / 1000,
              until: cache.expiresAt ? formatTime(cache.expiresAt) : '—',
            })
          : t('listCache.freshForNoTime', { seconds: cache.ttlMs / 1000 });
  const scope =
    cache.cacheScope === 'public'
      ? t('listCache.public')
      : cache.cacheScope === 'private'
        ? t('listCache.private')
        : t('listCache.noScope');
  return `${ttl} · ${scope}`;
}

/** Under a resources or prompts list: that list's caching hint (none: it says so). */
export function ListCacheLine({
  cache,
}: {
  cache: { ttlMs: number | null; cacheScope: 'public' | 'private' | null } | undefined;
}) {
  const { t } = useTranslation('servers');
  if (!cache) return null;
  return (
    <p className="muted small" data-testid="list-cache-hint">
      {cache.ttlMs === null && cache.cacheScope === null ? t('listCache.noHint') : hintText(t, cache)}
    </p>
  );
}
