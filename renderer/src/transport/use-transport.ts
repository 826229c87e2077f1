import { createContext, createElement, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract';
import type { Transport } from './transport';

const TransportContext = createContext<Transport | null>(null);

/** Gives the components below it their transport (app-state's StoresProvider sets it from its root). */
export function TransportProvider({ transport, children }: { transport: Transport; children: ReactNode }) {
  return createElement(TransportContext.Provider, { value: transport }, children);
}

/** The page's transport, for components (one per root; never changes, so no re-render). */
export function useTransport(): Transport {
  const transport = useContext(TransportContext);
  if (!transport) throw new Error('useTransport was used outside TransportProvider');
  return transport;
}

/**
 * Subscribes to a live event for the component's lifetime. The latest callback is used
 * without resubscribing, so inline arrow functions are fine.
 */
export function useEvent<E extends EventName>(event: E, cb: (payload: EventPayload<E>) => void): void {
  const transport = useTransport();
  const latest = useRef(cb);
  latest.current = cb;
  useEffect(() => transport.subscribe(event, (payload) => latest.current(payload)), [transport, event]);
}
