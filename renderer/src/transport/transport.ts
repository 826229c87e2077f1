import type {
  CallArgs,
  CallErrorCode,
  CallName,
  CallResult,
  EventName,
  EventPayload,
} from '../../../shared/contract';

/**
 * How the UI reaches the core: the Electron preload (`window.hooklab`) or the browser host
 * (HTTP calls + one WebSocket). Chosen once at start; the rest of the UI never knows which.
 */
export interface Transport {
  readonly kind: 'electron' | 'browser';
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  /** Listens to one live event; returns the function that stops listening. */
  subscribe<E extends EventName>(event: E, cb: (payload: EventPayload<E>) => void): () => void;
  /**
   * Called after the event stream came back from a break; events sent meanwhile are lost, so
   * views re-read their state here. Never called by the Electron transport (IPC does not break).
   */
  onReconnect(listener: () => void): () => void;
  /**
   * Called once when the host refuses this page's access token (none, another folder's, or
   * rotated away while the page was open): nothing works until the user opens the current
   * address. Never called by the Electron transport (IPC needs no token).
   */
  onDenied(listener: (message: string) => void): () => void;
}

/** A failed call, keeping the contract's error code so the UI can choose wording by code. */
export class TransportError extends Error {
  constructor(
    readonly code: CallErrorCode | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
