import { useState } from 'react';
import './result-parts.css';
import type { ResultPart } from '../../../shared/contract';
import { formatBytes } from '../lib/format';
import { useRpcQuery } from '../lib/queries';
import { JsonBlock } from './JsonBlock';
import { MediaView } from './MediaView';
import { ResourceContents } from './ResourceContents';
import { Trans, useTranslation } from 'react-i18next';

type Content = Record<string, unknown> | undefined;

/**
 * What a tool result carried besides text: images and audio (their data read from the call's execution record,
 * which keeps the result), resource links (read on demand through the same server) and embedded resources.
 */
export function ResultParts({
  parts,
  server,
  recordId,
}: {
  parts: ResultPart[];
  server: string | null;
  recordId: string | undefined;
}) {
  const { t } = useTranslation('common');
  const needsData = parts.some((part) => part.type !== 'resource_link');
  const record = useRpcQuery(
    'records.get',
    { id: recordId ?? '' },
    { enabled: needsData && recordId !== undefined, staleTime: Infinity },
  );
  const content = (record.data?.result as { content?: unknown } | undefined)?.content;
  const item = (index: number): Content => (Array.isArray(content) ? (content[index] as Content) : undefined);
  const missing = !recordId
    ? 'kept in the call’s record once it is written'
    : record.isPending
      ? 'loading…'
      : record.isError
        ? 'the record could not be read'
        : 'the record kept only a prefix of this large result';
  return (
    <ul className="result-parts" aria-label={t('resultParts.imagesAudioAndResources')}>
      {parts.map((part) => (
        <li key={part.index} data-testid="result-part" data-type={part.type}>
          <PartView part={part} data={item(part.index)} missing={missing} server={server} />
        </li>
      ))}
    </ul>
  );
}

function PartView({
  part,
  data,
  missing,
  server,
}: {
  part: ResultPart;
  data: Content;
  missing: string;
  server: string | null;
}) {
  const { t } = useTranslation('common');
  switch (part.type) {
    case 'image':
    case 'audio': {
      const base64 = typeof data?.data === 'string' ? data.data : undefined;
      return (
        <>
          <p className="small muted">
            {part.type === 'image' ? t('resultParts.image') : t('resultParts.audio')} {part.mimeType},{' '}
            {formatBytes(part.bytes)}
          </p>
          {base64 ? (
            <MediaView
              mimeType={part.mimeType}
              data={base64}
              label={t('resultParts.ofTheResult', { type: part.type, number: part.index + 1 })}
              bytes={part.bytes}
            />
          ) : (
            <p className="muted small">{t('resultParts.data', { missing })}</p>
          )}
        </>
      );
    }
    case 'resource_link':
      return (
        <ResourceLink
          uri={part.uri}
          label={part.title ?? part.name}
          mimeType={part.mimeType}
          description={part.description}
          server={server}
        />
      );
    case 'resource': {
      const resource = (data?.resource ?? undefined) as Content;
      return (
        <>
          <p className="small">
            <Trans
              t={t}
              i18nKey="resultParts.embeddedResource"
              values={{ uri: part.uri }}
              components={{ code: <code /> }}
            />{' '}
            {part.mimeType && <span className="muted">({part.mimeType})</span>}{' '}
            <span className="muted">{formatBytes(part.bytes)}</span>
          </p>
          {!resource ? (
            <p className="muted small">{t('resultParts.contents', { missing })}</p>
          ) : typeof resource.text === 'string' ? (
            <JsonBlock value={resource.text} label={t('resultParts.contentsOf', { uri: part.uri })} />
          ) : typeof resource.blob === 'string' ? (
            <MediaView
              mimeType={part.mimeType ?? 'application/octet-stream'}
              data={resource.blob}
              label={part.uri}
              bytes={part.bytes}
            />
          ) : null}
        </>
      );
    }
  }
}

/** A resource_link: what it names, and a Read that asks the server that sent it (resources/read). */
function ResourceLink({
  uri,
  label,
  mimeType,
  description,
  server,
}: {
  uri: string;
  label: string;
  mimeType?: string;
  description?: string;
  server: string | null;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="small">
        <Trans
          t={t}
          i18nKey="resultParts.link"
          values={{ label, uri }}
          components={{ strong: <strong />, code: <code /> }}
        />{' '}
        {mimeType && <span className="muted">({mimeType})</span>}
        {server && (
          <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('resultParts.hide') : t('resultParts.read')}
          </button>
        )}
      </p>
      {description && <p className="muted small">{description}</p>}
      {open && server && <ResourceContents server={server} uri={uri} />}
    </>
  );
}
