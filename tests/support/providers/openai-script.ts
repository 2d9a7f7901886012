import {
  sseFrame,
  splitInto,
  startScriptedServer,
  type Script,
  type ScriptedResponse,
  type ScriptedServer,
} from './scripted-http-server';

/** Builders for real `chat.completion.chunk` SSE streams, as OpenAI-compatible servers send them. */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  /** An object is serialized; a string is sent verbatim (use it to script malformed JSON). */
  arguments: Record<string, unknown> | string;
}

export interface OpenAiTurn {
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  finishReason?: 'stop' | 'tool_calls' | 'length';
  usage?: { prompt_tokens: number; completion_tokens: number };
}

const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'test-model' };
const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
  sseFrame({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });

export function openAiStream(turn: OpenAiTurn): ScriptedResponse {
  const frames = [chunk({ role: 'assistant', content: '' })];
  const texts = typeof turn.text === 'string' ? [turn.text] : (turn.text ?? []);
  for (const text of texts) frames.push(chunk({ content: text }));
  (turn.toolCalls ?? []).forEach((call, index) => {
    const json = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const id = call.id ?? `call_${index + 1}`;
    // First fragment carries id and name; the arguments follow in several pieces, keyed by index.
    frames.push(chunk({ tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of splitInto(json, 3))
      frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  const finish = turn.finishReason ?? (turn.toolCalls?.length ? 'tool_calls' : 'stop');
  frames.push(chunk({}, finish));
  frames.push(
    sseFrame({
      ...base,
      choices: [],
      usage: { ...(turn.usage ?? { prompt_tokens: 10, completion_tokens: 5 }), total_tokens: 0 },
    }),
  );
  frames.push(sseFrame('[DONE]'));
  return { kind: 'sse', frames };
}

/** A model that asks for one tool call first, then answers `text` to every later request. */
export function openAiCallThenAnswer(call: ScriptedToolCall, text: string): Script {
  return (_request, index) => (index === 0 ? openAiStream({ toolCalls: [call] }) : openAiStream({ text }));
}

export function openAiError(status: number, message: string): ScriptedResponse {
  return { kind: 'json', status, body: { error: { message, type: 'invalid_request_error', code: null } } };
}

/** A scripted OpenAI-compatible endpoint; pass `${server.baseUrl}` as settings.baseUrl. */
export async function startOpenAiCompatibleServer(script: Script): Promise<ScriptedServer & { baseUrl: string }> {
  const server = await startScriptedServer(script);
  return { ...server, baseUrl: `${server.url}/v1` };
}
