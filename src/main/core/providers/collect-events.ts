import type { ModelStreamEvent } from './types';

/** Drains a provider stream; handy for tests and for callers that don't need live deltas. */
export async function collectEvents(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
