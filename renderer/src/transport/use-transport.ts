import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract';
import { transport } from './current';
import type { Transport } from './transport';

/** The page's transport, for components (one per page; never changes, so no re-render). */
export function useTransport(): Transport {
  return transport;
}

/**
 * Subscribes to a live event for the component's lifetime. The latest callback is used
 * without resubscribing, so inline arrow functions are fine.
 */
export function useEvent<E extends EventName>(event: E, cb: (payload: EventPayload<E>) => void): void {
  const latest = useRef(cb);
  latest.current = cb;
  useEffect(() => transport.subscribe(event, (payload) => latest.current(payload)), [event]);
}
