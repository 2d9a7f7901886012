import { JsonBlock } from '../../components/JsonBlock';
import { MediaView } from '../../components/MediaView';
import { useTranslation } from 'react-i18next';

interface TextContent {
  type: 'text';
  text: string;
}

const textParts = (result: unknown): TextContent[] => {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return [];
  return content.filter((part): part is TextContent => part?.type === 'text' && typeof part.text === 'string');
};

interface MediaContent {
  type: 'image' | 'audio';
  data: string;
  mimeType: string;
}

const mediaParts = (result: unknown): MediaContent[] => {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return [];
  return content.filter(
    (part): part is MediaContent =>
      (part?.type === 'image' || part?.type === 'audio') &&
      typeof part.data === 'string' &&
      typeof part.mimeType === 'string',
  );
};

/**
 * The result as the tool returned it. MCP text parts often carry JSON in a string, which reads
 * badly escaped, so each is shown parsed first; the exact result stays one click away.
 */
export function RecordResult({ result }: { result: unknown }) {
  const { t } = useTranslation('records');
  const parts = textParts(result);
  const media = mediaParts(result).map((part, index) => (
    <MediaView
      key={`media-${index}`}
      mimeType={part.mimeType}
      data={part.data}
      label={t('recordResult.ofTheResult', { type: part.type, number: index + 1 })}
      bytes={Math.floor((part.data.length * 3) / 4)}
    />
  ));
  const structured = (result as { structuredContent?: unknown } | null)?.structuredContent;
  if (parts.length === 0 && structured === undefined)
    return (
      <>
        {media}
        <JsonBlock value={result} label={t('recordResult.result')} />
      </>
    );
  return (
    <>
      {media}
      {structured !== undefined && <JsonBlock value={structured} label={t('recordResult.structuredResult')} />}
      {structured === undefined &&
        parts.map((part, index) => (
          <JsonBlock key={index} value={part.text} label={t('recordResult.resultText', { number: index + 1 })} />
        ))}
      <details>
        <summary>{t('recordResult.exactResult')}</summary>
        <JsonBlock value={result} label={t('recordResult.exactResult')} />
      </details>
    </>
  );
}
