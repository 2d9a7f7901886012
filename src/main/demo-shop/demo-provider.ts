import { say } from '../../shared/messages';
import { ProviderError, type ModelProvider, type ModelRequest, type ModelStreamEvent } from '../core/providers/types';
import { DEMO_LABEL } from './model-providers';
import { planNextStep } from './planner';

const CHUNK_CHARS = 6;

/**
 * A deterministic, offline stand-in for a model. Like a real one it sees only this request's
 * messages and tools, calls only visible tools, and streams its text in small pieces.
 */
export function createDemoProvider(): ModelProvider {
  return {
    id: 'demo',
    label: DEMO_LABEL,
    async *stream(req: ModelRequest): AsyncGenerator<ModelStreamEvent> {
      const plan = planNextStep(req);
      const chars = [...plan.text]; // code points, so no chunk splits a surrogate pair
      for (let i = 0; i < chars.length; i += CHUNK_CHARS) {
        await nextTick(); // let the UI see deltas arrive one by one, and Stop take effect in between
        if (req.signal.aborted) throw new ProviderError('aborted', say('provider.aborted', { label: DEMO_LABEL }));
        yield { type: 'text', delta: chars.slice(i, i + CHUNK_CHARS).join('') };
      }
      if (req.signal.aborted) throw new ProviderError('aborted', say('provider.aborted', { label: DEMO_LABEL }));
      if (plan.call) {
        // Deterministic, and unique within a conversation: one call per assistant message position.
        const id = `demo_${req.messages.length}_${plan.call.name}`;
        yield { type: 'toolCall', call: { id, name: plan.call.name, arguments: plan.call.arguments } };
      }
      yield { type: 'done', stopReason: plan.call ? 'tool_calls' : 'end' };
    },
  };
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
