import { formatBytes } from '../lib/format';
import { JsonBlock } from './JsonBlock';
import './result-parts.css';
import { useTranslation } from 'react-i18next';

/** Formats a page can show itself; anything else (SVG included: it may carry script) is described, not rendered. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'];
const AUDIO_TYPES = /^audio\/(wav|x-wav|wave|mpeg|mp3|ogg|webm|aac|mp4|flac)$/;
/** Text sent as a blob (a server may base64 any resource): decoded and shown as text. */
const TEXT_TYPES = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript)\b)/;

function decodedText(data: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** Base64 data from a tool result or a resource: an image shown, audio with a player, text decoded, else its size. */
export function MediaView({
  mimeType,
  data,
  label,
  bytes,
}: {
  mimeType: string;
  data: string;
  label: string;
  bytes: number;
}) {
  const { t } = useTranslation('common');
  const src = `data:${mimeType};base64,${data}`;
  if (IMAGE_TYPES.includes(mimeType))
    return <img className="result-image" src={src} alt={label} data-testid="result-image" />;
  if (AUDIO_TYPES.test(mimeType))
    return <audio className="result-audio" controls src={src} aria-label={label} data-testid="result-audio" />;
  const text = TEXT_TYPES.test(mimeType) ? decodedText(data) : undefined;
  if (text !== undefined) return <JsonBlock value={text} label={t('mediaView.contentsOf', { label })} />;
  return <p className="muted small">{t('mediaView.ofDataNotShown', { bytes: formatBytes(bytes), mimeType })}</p>;
}
