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
              <>
                {cache.ttlMs === null
                  ? t('listCache.noTtl')
                  : cache.ttlMs === 0
                    ? t('listCache.staleAtOnce')
                    : t('listCache.freshFor', { seconds: cache.ttlMs / 1000, until: cache.expiresAt ? formatTime(cache.expiresAt) : '—' })}
                {' · '}
                {cache.cacheScope === 'public' ? t('listCache.public') : cache.cacheScope === 'private' ? t('listCache.private') : t('listCache.noScope')}
              </>
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
