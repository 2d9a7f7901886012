import { useEffect, useState } from 'react';
import type { EventPayload, ResourceContentView } from '../../../shared/contract';
import { formatTime } from '../lib/format';
import { useRpcQuery } from '../lib/queries';
import { useRpc } from '../lib/rpc-context';
import { JsonBlock } from './JsonBlock';
import { MediaView } from './MediaView';
import { LoadError, Loading } from './QueryState';
import { useTranslation } from 'react-i18next';

/**
 * resources/read of one URI through the server that offers it, for the operator only (nothing here reaches a
 * model). A subscribed resource's resources.updated refetches it (lib/invalidation.ts); the count says how often.
 */
export function ResourceContents({ server, uri }: { server: string; uri: string }) {
  const { t } = useTranslation('common');
  const read = useRpcQuery('resources.read', { server, uri });
  const updates = useUpdateCount(server, uri);
  if (read.isPending) return <Loading>{t('resourceContents.reading', { uri })}</Loading>;
  if (read.isError) return <LoadError what={uri} error={read.error} onRetry={() => void read.refetch()} />;
  return (
    <div className="resource-contents" data-testid="resource-contents" data-uri={uri}>
      <p className="muted small">
        {t('resourceContents.readFromAt', { server, at: formatTime(new Date(read.dataUpdatedAt).toISOString()) })}
        {updates > 0 && (
          <span data-testid="resource-updates"> {t('resourceContents.announced', { count: updates })}</span>
        )}
      </p>
      {read.data.contents.length === 0 && <p className="muted small">{t('resourceContents.theServerReturnedNo')}</p>}
      {read.data.contents.map((content, index) => (
        <ContentItem key={index} content={content} />
      ))}
    </div>
  );
}

function ContentItem({ content }: { content: ResourceContentView }) {
  const { t } = useTranslation('common');
  const label = `${content.uri}${content.mimeType ? ` (${content.mimeType})` : ''}, ${content.bytes} bytes`;
  return (
    <div className="resource-item">
      <p className="small">
        <code>{label}</code>
      </p>
      {content.omitted ? (
        <p className="muted small">{t('resourceContents.notShown', { omitted: content.omitted })}</p>
      ) : content.text !== undefined ? (
        <JsonBlock value={content.text} label={t('resourceContents.contentsOf', { uri: content.uri })} />
      ) : content.blob !== undefined ? (
        <MediaView
          mimeType={content.mimeType ?? 'application/octet-stream'}
          data={content.blob}
          label={content.uri}
          bytes={content.bytes}
        />
      ) : null}
    </div>
  );
}

/** How many resources.updated the server sent for this URI since the view opened. */
function useUpdateCount(server: string, uri: string): number {
  const rpc = useRpc();
  const [count, setCount] = useState(0);
  useEffect(
    () =>
      rpc.on((name, payload) => {
        const update = payload as EventPayload<'resources.updated'>;
        if (name === 'resources.updated' && update.server === server && update.uri === uri) setCount((n) => n + 1);
      }),
    [rpc, server, uri],
  );
  return count;
}
