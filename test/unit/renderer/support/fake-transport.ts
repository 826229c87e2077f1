import type { CallArgs, CallName, CallResult, EventName, EventPayload } from '../../../../shared/contract';
import { TransportError, type Transport } from '../../../../renderer/src/transport/transport';

type Handler<N extends CallName> = (args: CallArgs<N>) => CallResult<N> | Promise<CallResult<N>>;

/**
 * A transport for renderer store tests: calls answer from handlers the test sets (a call with
 * none fails as the host would, `unknown-call`), every call is recorded, and the test emits
 * events and reconnects by hand.
 */
export interface FakeTransport extends Transport {
  readonly calls: Array<{ name: CallName; args: unknown }>;
  answer<N extends CallName>(name: N, handler: Handler<N>): void;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  reconnect(): void;
  /** The host refuses this page's token (as the browser transport reports it). */
  deny(message: string): void;
  /** How many event listeners (and reconnect and denial listeners) are subscribed now. */
  listeners(): number;
}

export function createFakeTransport(): FakeTransport {
  const handlers = new Map<string, (args: unknown) => unknown>();
  const events = new Map<string, Set<(payload: unknown) => void>>();
  const reconnects = new Set<() => void>();
  const denials = new Set<(message: string) => void>();
  const calls: FakeTransport['calls'] = [];
  return {
    kind: 'browser',
    calls,
    async call(name, args) {
      calls.push({ name, args });
      const handler = handlers.get(name);
      if (!handler) throw new TransportError('unknown-call', `the fake host does not answer "${name}"`);
      return (await handler(args)) as never;
    },
    subscribe(event, cb) {
      const set = events.get(event) ?? new Set();
      events.set(event, set);
      const listener = cb as (payload: unknown) => void;
      set.add(listener);
      return () => void set.delete(listener);
    },
    onReconnect(listener) {
      reconnects.add(listener);
      return () => void reconnects.delete(listener);
    },
    onDenied(listener) {
      denials.add(listener);
      return () => void denials.delete(listener);
    },
    answer(name, handler) {
      handlers.set(name, handler as (args: unknown) => unknown);
    },
    emit(event, payload) {
      for (const listener of events.get(event) ?? []) listener(payload);
    },
    reconnect() {
      for (const listener of reconnects) listener();
    },
    deny(message) {
      for (const listener of denials) listener(message);
    },
    listeners() {
      let n = reconnects.size + denials.size;
      for (const set of events.values()) n += set.size;
      return n;
    },
  };
}
