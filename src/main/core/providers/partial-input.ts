import type { ModelStreamEvent } from './types';

/** How often one tool call's growing argument text is reported while it streams. */
export const PARTIAL_INPUT_INTERVAL_MS = 50;

/**
 * Decides when a streaming tool call's partial arguments are worth an event: the first fragment at once, then at
 * most one per interval per call, so a reply streamed in hundreds of fragments costs a handful of events.
 */
export class PartialInputThrottle {
  private readonly last = new Map<string, number>();
  constructor(
    private readonly intervalMs = PARTIAL_INPUT_INTERVAL_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The event to yield for this call's text so far, or undefined when one went out less than an interval ago. */
  next(
    callId: string,
    name: string,
    json: string,
  ): Extract<ModelStreamEvent, { type: 'toolInputPartial' }> | undefined {
    if (!json || !name) return undefined;
    const at = this.now();
    const previous = this.last.get(callId);
    if (previous !== undefined && at - previous < this.intervalMs) return undefined;
    this.last.set(callId, at);
    return { type: 'toolInputPartial', callId, name, json };
  }
}
