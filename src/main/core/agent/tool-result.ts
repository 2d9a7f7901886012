/** The largest text a tool result may put in front of the model; the record keeps the full result. */
export const MODEL_TEXT_CAP = 16 * 1024;
/** The largest result kept in a record; beyond it the record keeps a prefix and says so. */
export const RECORD_RESULT_CAP = 1024 * 1024;

export interface ConvertedResult {
  isError: boolean;
  /** What the model reads: text content joined, capped, with a note when anything was cut or refused. */
  modelText: string;
  notes: string[];
}

/** What an execution record keeps of a result, and its JSON (computed while capping it: the record's line reuses it). */
export interface RecordedResult {
  result: unknown;
  json: string;
}

/** Turns whatever a server sent back into a status and model text; malformed parts are refused with a note, never thrown. */
export function convertToolResult(raw: unknown): ConvertedResult {
  const notes: string[] = [];
  if (!raw || typeof raw !== 'object') return malformed('the server returned no result object');
  const result = raw as { content?: unknown; structuredContent?: unknown; isError?: unknown };
  const parts: string[] = [];
  if (result.content !== undefined && !Array.isArray(result.content)) notes.push('refused: "content" is not an array');
  for (const item of Array.isArray(result.content) ? result.content : []) {
    const piece = describeContent(item);
    if (piece.note) notes.push(piece.note);
    if (piece.text !== undefined) parts.push(piece.text);
  }
  if (parts.length === 0 && result.structuredContent !== undefined) {
    const json = safeJson(result.structuredContent);
    if (json === undefined) notes.push('refused: structuredContent could not be serialised (too deep or cyclic)');
    else parts.push(json);
  }
  let modelText = parts.join('\n');
  if (modelText.length > MODEL_TEXT_CAP) {
    notes.push(`truncated: the result had ${modelText.length} characters; the model saw the first ${MODEL_TEXT_CAP}`);
    modelText = modelText.slice(0, MODEL_TEXT_CAP);
  }
  if (notes.length) modelText += `\n[Switchboard: ${notes.join('; ')}]`;
  return { isError: result.isError === true, modelText, notes };
}

function describeContent(item: unknown): { text?: string; note?: string } {
  if (!item || typeof item !== 'object') return { note: 'refused: a content item is not an object' };
  const c = item as { type?: unknown; text?: unknown; mimeType?: unknown; data?: unknown; resource?: { uri?: unknown; text?: unknown }; uri?: unknown };
  switch (c.type) {
    case 'text':
      return typeof c.text === 'string' ? { text: c.text } : { note: 'refused: a text item without a string "text"' };
    case 'image':
    case 'audio':
      return { text: `[${c.type} ${String(c.mimeType ?? 'unknown type')}, ${typeof c.data === 'string' ? Math.round((c.data.length * 3) / 4) : 0} bytes: not shown to the model]` };
    case 'resource':
      return typeof c.resource?.text === 'string'
        ? { text: c.resource.text }
        : { text: `[resource ${String(c.resource?.uri ?? '')}]` };
    case 'resource_link':
      return { text: `[resource link ${String(c.uri ?? '')}]` };
    default:
      return { note: `refused: unknown content type ${JSON.stringify(String(c.type)).slice(0, 40)}` };
  }
}

function malformed(why: string): ConvertedResult {
  return { isError: true, modelText: `[Switchboard: malformed tool result: ${why}]`, notes: [why] };
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
