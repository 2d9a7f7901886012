import type { ResultPart } from '../../../shared/contract';
import type { ModelImage } from '../providers/types';

/** The largest text a tool result may put in front of the model; the record keeps the full result. */
export const MODEL_TEXT_CAP = 16 * 1024;
/** The largest result kept in a record; beyond it the record keeps a prefix and says so. */
export const RECORD_RESULT_CAP = 1024 * 1024;

/** The image formats both OpenAI-compatible and Anthropic models accept. */
export const MODEL_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Larger images are not sent (base64 characters; Anthropic refuses images over 5 MB). */
export const MODEL_IMAGE_CAP = 5 * 1024 * 1024;

export interface ConvertedResult {
  isError: boolean;
  /** What the model reads: text content joined, capped, with a note when anything was cut or refused. */
  modelText: string;
  notes: string[];
  /** Images for a model that accepts them; the text marks where each was. */
  images: ModelImage[];
  /** What the result carried besides text (images, audio, links, resources), for the tool card; the data stays in the record. */
  parts: ResultPart[];
}

/** What an execution record keeps of a result, and its JSON (computed while capping it: the record's line reuses it). */
export interface RecordedResult {
  result: unknown;
  json: string;
}

/** Converts whatever a server sent back into a status, model text and images; malformed parts are refused with a note, never thrown. */
export function convertToolResult(raw: unknown): ConvertedResult {
  const notes: string[] = [];
  if (!raw || typeof raw !== 'object') return malformed('the server returned no result object');
  const result = raw as { content?: unknown; structuredContent?: unknown; isError?: unknown };
  const texts: string[] = [];
  const images: ModelImage[] = [];
  const parts: ResultPart[] = [];
  if (result.content !== undefined && !Array.isArray(result.content)) notes.push('refused: "content" is not an array');
  (Array.isArray(result.content) ? result.content : []).forEach((item: unknown, index) => {
    const piece = describeContent(item, index);
    if (piece.note) notes.push(piece.note);
    if (piece.text !== undefined) texts.push(piece.text);
    if (piece.image) images.push(piece.image);
    if (piece.part) parts.push(piece.part);
  });
  if (texts.length === 0 && result.structuredContent !== undefined) {
    const json = safeJson(result.structuredContent);
    if (json === undefined) notes.push('refused: structuredContent could not be serialised (too deep or cyclic)');
    else texts.push(json);
  }
  let modelText = texts.join('\n');
  if (modelText.length > MODEL_TEXT_CAP) {
    notes.push(`truncated: the result had ${modelText.length} characters; the model saw the first ${MODEL_TEXT_CAP}`);
    modelText = modelText.slice(0, MODEL_TEXT_CAP);
  }
  if (notes.length) modelText += `\n[Switchboard: ${notes.join('; ')}]`;
  return { isError: result.isError === true, modelText, notes, images, parts };
}

/** The images a recorded result holds for the model (on replay of a conversation log): the same rules as a live call. */
export function modelImagesOf(result: unknown): ModelImage[] {
  const content = (result as { content?: unknown } | null | undefined)?.content;
  if (!Array.isArray(content)) return [];
  return content.flatMap((item: unknown, index) => describeContent(item, index).image ?? []);
}

interface Piece {
  text?: string;
  note?: string;
  image?: ModelImage;
  part?: ResultPart;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const bytesOf = (data: string) =>
  Math.max(0, Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0));
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function describeContent(item: unknown, index: number): Piece {
  if (!item || typeof item !== 'object') return { note: 'refused: a content item is not an object' };
  const c = item as Record<string, unknown>;
  switch (c.type) {
    case 'text':
      return typeof c.text === 'string' ? { text: c.text } : { note: 'refused: a text item without a string "text"' };
    case 'image':
    case 'audio':
      return media(c.type, str(c.mimeType), c.data, index);
    case 'resource_link': {
      const uri = str(c.uri);
      if (!uri) return { note: 'refused: a resource_link without a string "uri"' };
      const name = str(c.name) ?? uri;
      const mimeType = str(c.mimeType);
      const description = str(c.description);
      return {
        text: `[resource link: ${JSON.stringify(name)} <${uri}>${mimeType ? ` (${mimeType})` : ''}${description ? ` — ${description}` : ''}]`,
        part: {
          type: 'resource_link',
          index,
          uri,
          name,
          ...(str(c.title) && { title: str(c.title) }),
          ...(description && { description }),
          ...(mimeType && { mimeType }),
        },
      };
    }
    case 'resource': {
      const resource = (c.resource ?? {}) as Record<string, unknown>;
      const uri = str(resource.uri);
      if (!uri) return { note: 'refused: an embedded resource without a string "uri"' };
      const mimeType = str(resource.mimeType);
      const label = `${uri}${mimeType ? ` (${mimeType})` : ''}`;
      if (typeof resource.text === 'string')
        return {
          text: `[resource ${label}]\n${resource.text}`,
          part: {
            type: 'resource',
            index,
            uri,
            ...(mimeType && { mimeType }),
            bytes: Buffer.byteLength(resource.text),
            text: true,
          },
        };
      const blob = str(resource.blob) ?? '';
      return {
        text: `[resource ${label}, ${bytesOf(blob)} bytes of binary data: not shown to the model]`,
        part: { type: 'resource', index, uri, ...(mimeType && { mimeType }), bytes: bytesOf(blob), text: false },
      };
    }
    default:
      return { note: `refused: unknown content type ${JSON.stringify(String(c.type)).slice(0, 40)}` };
  }
}

function media(type: 'image' | 'audio', mimeType: string | undefined, data: unknown, index: number): Piece {
  if (typeof data !== 'string' || !BASE64.test(data))
    return { note: `refused: an ${type} item whose "data" is not base64` };
  const kind = mimeType ?? 'unknown type';
  const bytes = bytesOf(data);
  const part: ResultPart = { type, index, mimeType: kind, bytes };
  if (type === 'audio')
    return { text: `[audio ${kind}, ${bytes} bytes: played to the operator, not sent to the model]`, part };
  if (!mimeType || !MODEL_IMAGE_TYPES.includes(mimeType))
    return { text: `[image ${kind}, ${bytes} bytes: not a format models accept, not sent]`, part };
  if (data.length > MODEL_IMAGE_CAP)
    return { text: `[image ${kind}, ${bytes} bytes: too large to send to the model]`, part };
  return { text: `[image ${kind}, ${bytes} bytes]`, image: { mimeType, data }, part };
}

function malformed(why: string): ConvertedResult {
  return {
    isError: true,
    modelText: `[Switchboard: malformed tool result: ${why}]`,
    notes: [why],
    images: [],
    parts: [],
  };
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The result as its record keeps it: whole up to RECORD_RESULT_CAP, else a prefix that says so. Separate
 * from convertToolResult so the (large) JSON is made off the path of the model's answer.
 */
export function recordedResultOf(raw: unknown, notes: string[]): RecordedResult {
  if (!raw || typeof raw !== 'object') return { result: null, json: 'null' };
  const json = safeJson(raw);
  const kept =
    json === undefined
      ? { unserialisable: true, notes }
      : json.length <= RECORD_RESULT_CAP
        ? raw
        : { truncated: true, originalLength: json.length, prefix: json.slice(0, RECORD_RESULT_CAP), notes };
  return { result: kept, json: kept === raw ? (json as string) : JSON.stringify(kept) };
}
