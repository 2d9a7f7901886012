import {
  sseFrame,
  splitInto,
  startScriptedServer,
  type Script,
  type ScriptedResponse,
  type ScriptedServer,
} from './scripted-http-server';
import type { ScriptedToolCall } from './openai-script';

/** Builders for real Messages API streams: message_start, content blocks, message_delta, message_stop. */
export interface AnthropicTurn {
  text?: string | string[];
  toolUses?: ScriptedToolCall[];
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens';
  usage?: { input_tokens: number; output_tokens: number };
}

const ev = (type: string, data: Record<string, unknown>) => sseFrame({ type, ...data }, type);

export function anthropicStream(turn: AnthropicTurn): ScriptedResponse {
  const usage = turn.usage ?? { input_tokens: 12, output_tokens: 7 };
  const frames = [
    ev('message_start', {
      message: {
        id: 'msg_test',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'test-model',
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    }),
    ev('ping', {}),
  ];
  let index = 0;
  const texts = typeof turn.text === 'string' ? [turn.text] : (turn.text ?? []);
  if (texts.length > 0) {
    frames.push(ev('content_block_start', { index, content_block: { type: 'text', text: '', citations: null } }));
    for (const text of texts) frames.push(ev('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    frames.push(ev('content_block_stop', { index }));
    index++;
  }
  for (const [n, call] of (turn.toolUses ?? []).entries()) {
    const json = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const id = call.id ?? `toolu_${n + 1}`;
    frames.push(
      ev('content_block_start', { index, content_block: { type: 'tool_use', id, name: call.name, input: {} } }),
    );
    for (const piece of splitInto(json, 3))
      frames.push(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
    frames.push(ev('content_block_stop', { index }));
    index++;
  }
  const stopReason = turn.stopReason ?? (turn.toolUses?.length ? 'tool_use' : 'end_turn');
  frames.push(
    ev('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
  );
  frames.push(ev('message_stop', {}));
  return { kind: 'sse', frames };
}

export function anthropicError(status: number, type: string, message: string): ScriptedResponse {
  return { kind: 'json', status, body: { type: 'error', error: { type, message } } };
}

/** A scripted Messages endpoint; pass `server.baseUrl` as settings.baseUrl (the SDK appends /v1/messages). */
export async function startAnthropicServer(script: Script): Promise<ScriptedServer & { baseUrl: string }> {
  const server = await startScriptedServer(script);
  return { ...server, baseUrl: server.url };
}
