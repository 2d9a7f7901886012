import type { DescriptionTruncation } from './types';

/** What a tool description may cost the model by default: longer ones are cut (issue: a 5 MB description froze the console). */
export const DEFAULT_MAX_DESCRIPTION_BYTES = 8_192;

/** UTF-8 length of a string, without encoding it (shared code has no Buffer). A lone surrogate counts as 3, as TextEncoder writes U+FFFD. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Whether `text` is over `limit` UTF-8 bytes; the length bounds answer most cases without a scan (1 to 3 bytes per code unit). */
export function truncationOf(text: string, limit: number): DescriptionTruncation | null {
  if (text.length * 3 <= limit) return null;
  if (text.length <= limit) {
    const bytes = utf8Length(text);
    return bytes > limit ? { bytes, limit } : null;
  }
  return { bytes: utf8Length(text), limit };
}

/** The longest prefix of `text` within `limit` UTF-8 bytes, never splitting a surrogate pair. */
function prefixWithin(text: string, limit: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > limit) break;
    bytes += size;
    i += pair ? 2 : 1;
  }
  return text.slice(0, i);
}

/** The description the model receives: the text, or its first `limit` bytes and a note saying it was cut. */
export function capDescription(text: string, truncation: DescriptionTruncation | null): string {
  if (!truncation) return text;
  return `${prefixWithin(text, truncation.limit)}\n[… description truncated by the host: ${truncation.limit} of ${truncation.bytes} bytes shown]`;
}

/** "300,000 bytes, cut to 8,192 for the model" */
export const describeTruncation = (t: DescriptionTruncation): string =>
  `${t.bytes.toLocaleString('en')} bytes, cut to the first ${t.limit.toLocaleString('en')} for the model (agent.mcp.maxDescriptionBytes)`;
