import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/client';
import type { SamplingDraft, SamplingMessage } from '../../../shared/contract';
import type { ChatMessage, ModelProvider } from '../providers/types';

type Part = { type: string; text?: string; mimeType?: string; data?: string };

/** What the operator reviews: the server's messages as text, its system prompt, token cap and hints. */
export function samplingDraftOf(params: CreateMessageRequestParams): SamplingDraft {
  return {
    messages: params.messages.map((message): SamplingMessage => {
      const parts = (Array.isArray(message.content) ? message.content : [message.content]) as Part[];
      return { role: message.role, text: parts.map(partText).join('\n'), editable: parts.every((p) => p.type === 'text') };
    }),
    ...(params.systemPrompt !== undefined ? { systemPrompt: params.systemPrompt } : {}),
    maxTokens: params.maxTokens,
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences?.length ? { stopSequences: params.stopSequences } : {}),
    ...(params.modelPreferences?.hints?.length ? { modelHints: params.modelPreferences.hints.flatMap((h) => (h.name ? [h.name] : [])) } : {}),
    ...(params.includeContext ? { includeContext: params.includeContext } : {}),
  };
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
): SamplingDraft | string {
  if (edits.messages && edits.messages.length !== draft.messages.length)
    return `the request has ${draft.messages.length} message${draft.messages.length === 1 ? '' : 's'}; an edit must give each one`;
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
export async function runSampling(provider: ModelProvider, draft: SamplingDraft, signal: AbortSignal): Promise<SamplingAnswer> {
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
  return { role: 'assistant', content: { type: 'text', text: answer.text }, model: answer.model, ...(answer.stopReason ? { stopReason: answer.stopReason } : {}) };
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
