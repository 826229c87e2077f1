import type { EventName, EventPayload } from '../../../shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Fans live events out to every attached host (IPC windows, WebSocket clients, tests). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        // One broken subscriber (a closed socket) must not stop the others.
      }
    }
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
