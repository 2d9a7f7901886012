import type {
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
  ToolCallRequest,
} from '../../../src/main/core/providers/types';

/** One scripted model response: events to yield, or 'hang' to wait until the request is aborted. */
export type ScriptedStep = ModelStreamEvent[] | 'hang' | ((req: ModelRequest) => ModelStreamEvent[] | 'hang');

export const say = (text: string): ModelStreamEvent[] => [
  { type: 'text', delta: text },
  { type: 'done', stopReason: 'end' },
];

let nextId = 0;
export const callTools = (...calls: Array<Omit<ToolCallRequest, 'id'>>): ModelStreamEvent[] => [
  ...calls.map((call): ModelStreamEvent => ({ type: 'toolCall', call: { id: `call_${++nextId}`, ...call } })),
  { type: 'done', stopReason: 'tool_calls' },
];

/** An in-process model that plays a script, one step per request, and keeps every request it got. */
export function scriptedProvider(script: ScriptedStep[]): ModelProvider & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    id: 'scripted',
    label: 'scripted test model',
    requests,
    async *stream(req) {
      requests.push({ ...req, messages: [...req.messages] });
      const step = script[requests.length - 1] ?? say('(script exhausted)');
      const events = typeof step === 'function' ? step(req) : step;
      if (events === 'hang') {
        yield { type: 'text', delta: 'thinking…' };
        await new Promise((_resolve, reject) =>
          req.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        );
        return;
      }
      for (const event of events) yield event;
    },
  };
}
