import type { EventName, EventPayload } from '../../shared/contract';

/** The port core code emits through; adapters subscribe and forward to renderers. */
export interface EventSink {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
}

export type EventListener = (name: EventName, payload: unknown) => void;

export class EventBus implements EventSink {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        // A failing subscriber (a closed socket) must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
