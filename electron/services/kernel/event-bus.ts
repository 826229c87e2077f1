import type { EventName, EventPayload } from '../../../shared/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * The core's events, typed by the contract: a service follows one by name
 * (`bus.on('live.forwarded', cb)`, its payload typed), a host forwards all of them
 * (`subscribe`) to its windows, WebSocket clients and tests.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** `onListenerError` hears of a listener that threw (the core logs it with the event's name). */
  constructor(private readonly onListenerError: (event: EventName, error: unknown) => void = () => {}) {}

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch (error) {
        // One broken subscriber (a closed socket) must not stop the others, but it is said:
        // a feature whose follower throws would otherwise go quietly stale.
        this.onListenerError(event, error);
      }
    }
  }

  /** Follows one event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, cb: (payload: EventPayload<E>) => void): () => void {
    return this.subscribe((name, payload) => {
      if ((name as EventName) === event) cb(payload as unknown as EventPayload<E>);
    });
  }

  /** Every event (hosts forward them all); returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
