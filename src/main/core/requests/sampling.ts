import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';
import type { SamplingDraft, SamplingMessage } from '../../../shared/contract';
import type { ChatMessage, ModelProvider } from '../providers/types';

type Part = { type: string; text?: string; mimeType?: string; data?: string };

/** A request's tokens when the model settings name no maxTokens (as the Anthropic provider's default). */
export const DEFAULT_SAMPLING_MAX_TOKENS = 4_096;
/**
 * The text a sampling request may carry to the model, its messages and system prompt together (UTF-8 bytes). An
 * approved request passed 4 MB on (issue 25); the requests.sample route takes at most 200,000 characters a message,
 * so a text over this could not even be edited back.
 */
export const SAMPLING_TEXT_BUDGET_BYTES = 200_000;
const SYSTEM_PROMPT_BYTES = 32_768;

/**
 * What the operator reviews: the server's messages as text, its system prompt, token cap and hints. Bounded here, so
 * what the operator sees is what the model would get: `maxTokens` by `maxTokensCap` (the model settings), the text by
 * SAMPLING_TEXT_BUDGET_BYTES, the latest messages kept first (each cut one ends with a note); `limits` says what the
 * server asked for.
 */
export function samplingDraftOf(
  params: CreateMessageRequestParams,
  maxTokensCap: number = DEFAULT_SAMPLING_MAX_TOKENS,
): SamplingDraft {
  const messages = params.messages.map((message): SamplingMessage => {
    const parts = (Array.isArray(message.content) ? message.content : [message.content]) as Part[];
    return {
      role: message.role,
      text: parts.map(partText).join('\n'),
      editable: parts.every((p) => p.type === 'text'),
    };
  });
  const textBytes =
    messages.reduce((sum, m) => sum + Buffer.byteLength(m.text), 0) + Buffer.byteLength(params.systemPrompt ?? '');
  let budget = SAMPLING_TEXT_BUDGET_BYTES;
  const systemPrompt =
    params.systemPrompt === undefined ? undefined : cutText(params.systemPrompt, Math.min(SYSTEM_PROMPT_BYTES, budget));
  if (systemPrompt !== undefined) budget -= Buffer.byteLength(systemPrompt);
  for (let i = messages.length - 1; i >= 0; i--) {
    const text = cutText(messages[i].text, Math.max(0, budget));
    budget -= Math.min(Buffer.byteLength(text), Math.max(0, budget));
    if (text !== messages[i].text) messages[i] = { ...messages[i], text };
  }
  const tokensCut = params.maxTokens > maxTokensCap;
  const textCut =
    textBytes > SAMPLING_TEXT_BUDGET_BYTES ||
    messages.some((m) => m.text.endsWith(CUT_MARK)) ||
    (systemPrompt !== undefined && systemPrompt !== params.systemPrompt);
  return {
    messages,
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    maxTokens: Math.min(params.maxTokens, maxTokensCap),
    ...(tokensCut || textCut
      ? {
          limits: {
            ...(tokensCut ? { requestedMaxTokens: params.maxTokens, maxTokens: maxTokensCap } : {}),
            ...(textCut ? { textBytes, textLimit: SAMPLING_TEXT_BUDGET_BYTES } : {}),
          },
        }
      : {}),
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences?.length ? { stopSequences: params.stopSequences } : {}),
    ...(params.modelPreferences?.hints?.length
      ? { modelHints: params.modelPreferences.hints.flatMap((h) => (h.name ? [h.name] : [])) }
      : {}),
    ...(params.includeContext ? { includeContext: params.includeContext } : {}),
  };
}

const CUT_MARK = 'by the host]';

/** `text` within `limit` UTF-8 bytes (a prefix, never half a character), with a note when cut. */
function cutText(text: string, limit: number): string {
  const bytes = Buffer.byteLength(text);
  if (bytes <= limit) return text;
  const note = `\n[… ${bytes} bytes, cut to ${limit} ${CUT_MARK}`;
  const room = Math.max(0, limit - Buffer.byteLength(note));
  // Decoding a byte prefix drops a split character (as U+FFFD, removed).
  const head = Buffer.from(text)
    .subarray(0, room)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${head}${note}`;
}

/** Text as is; anything else as a bracketed note, so the operator sees it and the model is told it was there. */
function partText(part: Part): string {
  if (part.type === 'text') return part.text ?? '';
  const size = typeof part.data === 'string' ? `, ~${Math.round((part.data.length * 3) / 4)} bytes` : '';
  return `[${part.type}${part.mimeType ? ` ${part.mimeType}` : ''}${size}: not sent as content]`;
}

/** The operator's edits, applied to editable messages only (a non-text message is kept as the server sent it). */
export function applySamplingEdits(
  draft: SamplingDraft,
  edits: { messages?: { text: string }[]; systemPrompt?: string; maxTokens?: number },
  maxTokensCap: number = DEFAULT_SAMPLING_MAX_TOKENS,
): SamplingDraft | string {
  if (edits.messages && edits.messages.length !== draft.messages.length)
    return `the request has ${draft.messages.length} message${draft.messages.length === 1 ? '' : 's'}; an edit must give each one`;
  if (edits.maxTokens !== undefined && edits.maxTokens > maxTokensCap)
    return `maxTokens ${edits.maxTokens} is over the model settings' ${maxTokensCap} (agent.model.maxTokens)`;
  const edited = [...(edits.messages ?? []).map((m) => m.text), edits.systemPrompt ?? ''].reduce(
    (sum, text) => sum + Buffer.byteLength(text),
    0,
  );
  // What the draft already holds may go back as it is (its notes can take it a little over the budget).
  const held = [...draft.messages.map((m) => m.text), draft.systemPrompt ?? ''].reduce(
    (sum, text) => sum + Buffer.byteLength(text),
    0,
  );
  if (edited > Math.max(SAMPLING_TEXT_BUDGET_BYTES, held))
    return `the edited text is ${edited} bytes, over the ${SAMPLING_TEXT_BUDGET_BYTES} a sampling request may send`;
  const messages = draft.messages.map((message, i) => {
    const text = edits.messages?.[i]?.text;
    return text === undefined || !message.editable ? message : { ...message, text };
  });
  return {
    ...draft,
    messages,
    ...(edits.systemPrompt !== undefined ? { systemPrompt: edits.systemPrompt } : {}),
    ...(edits.maxTokens !== undefined ? { maxTokens: edits.maxTokens } : {}),
  };
}

export interface SamplingAnswer {
  text: string;
  model: string;
  stopReason?: string;
}

/**
 * One completion from the configured provider: no tools, the (reviewed) system prompt and messages, the
 * server's token cap and temperature. The answer is text; the provider's label names the model.
 */
export async function runSampling(
  provider: ModelProvider,
  draft: SamplingDraft,
  signal: AbortSignal,
): Promise<SamplingAnswer> {
  const messages: ChatMessage[] = draft.messages.map((m) => ({ role: m.role, content: m.text }));
  let text = '';
  let stopReason: string | undefined;
  for await (const event of provider.stream({
    system: draft.systemPrompt ?? '',
    messages,
    tools: [],
    signal,
    maxTokens: draft.maxTokens,
    ...(draft.temperature !== undefined ? { temperature: draft.temperature } : {}),
  })) {
    if (event.type === 'text') text += event.delta;
    else if (event.type === 'done') stopReason = event.stopReason === 'max_tokens' ? 'maxTokens' : 'endTurn';
  }
  return { text, model: provider.label, ...(stopReason ? { stopReason } : {}) };
}

export function samplingResultOf(answer: SamplingAnswer): CreateMessageResult {
  return {
    role: 'assistant',
    content: { type: 'text', text: answer.text },
    model: answer.model,
    ...(answer.stopReason ? { stopReason: answer.stopReason } : {}),
  };
}

/** At most `perMinute` requests per server in any 60 s; a refused request does not count. */
export class SamplingRateLimit {
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  take(server: string, perMinute: number): boolean {
    const now = this.now();
    const times = (this.recent.get(server) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= perMinute) {
      this.recent.set(server, times);
      return false;
    }
    times.push(now);
    this.recent.set(server, times);
    return true;
  }
}
