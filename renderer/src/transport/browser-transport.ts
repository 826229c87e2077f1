import type { EventName } from '../../../shared/contract';
import { eventSubprotocols, TOKEN_ROTATED_CLOSE_CODE } from '../../../shared/security/host-token';
import type { Transport } from './transport';
import { callHost } from './browser-call';

export interface BrowserTransportOptions {
  /** Origin of the browser host, e.g. `http://127.0.0.1:4790`; defaults to the page's. */
  readonly baseUrl?: string;
  /**
   * The data folder's access token: sent as `Authorization: Bearer` on calls and as a subprotocol on
   * the event socket. Pages take it from the URL they were opened with (page-token.ts).
   */
  readonly token?: string | undefined;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`. */
  readonly reconnectDelayMs?: number;
  readonly maxReconnectDelayMs?: number;
}

/** The browser transport, with `close()` for tests and a hook to know when the socket is open. */
export interface BrowserTransport extends Transport {
  /** Resolves once the event socket is open (again). */
  connected(): Promise<void>;
  close(): void;
}

/**
 * What a 401 means to someone using the page (the host's own text speaks to scripts): a tab
 * opened without the token (a deep link pasted into a new tab), or one whose token is not the
 * data folder's (rotated in Settings, or another folder's; sessionStorage keeps it across reloads).
 */
function unauthorizedMessage(token: string | undefined): string {
  const how = 'open the address Hooklab printed at start (http://127.0.0.1:PORT/#token=…; a view can follow it: #token=…&/live/42)';
  return token ? `this tab’s access token is not valid (rotated, or another data folder’s): ${how}` : `this tab has no access token: ${how}`;
}

type Listener = (payload: unknown) => void;

/**
 * Calls are `POST /api/calls/<name>` with the JSON args; events come over ONE WebSocket at
 * `/api/events` shared by all subscribers, reconnecting with backoff so a restarted host (or
 * a laptop waking up) resumes pushing without a reload. Events missed while disconnected are
 * not replayed: views that care re-read state on reconnect (the status bar re-calls app.status).
 */
export function createBrowserTransport(options: BrowserTransportOptions = {}): BrowserTransport {
  // `location` is looked up loosely so this file also compiles and runs in Node (its tests).
  const base = options.baseUrl ?? (globalThis as { location?: { origin: string } }).location?.origin;
  if (!base) throw new Error('createBrowserTransport: no baseUrl and no page location');
  const firstDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;
  const listeners = new Map<string, Set<Listener>>();
  const reconnectListeners = new Set<() => void>();
  const deniedListeners = new Set<(message: string) => void>();
  let socket: WebSocket | null = null;
  let closed = false;
  /**
   * The host refused this page's token (none, or another run's): retrying the event socket
   * cannot succeed, and each refused attempt is a console error, so it stays shut.
   */
  let denied = !options.token;
  /** The refusal once the host refused this tab (later listeners hear of it at once). */
  let refusal: string | null = null;
  const deny = (): string => {
    denied = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (refusal === null) {
      refusal = unauthorizedMessage(options.token);
      for (const l of deniedListeners) l(refusal);
    }
    return refusal;
  };
  let everOpen = false;
  let delay = firstDelay;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let opened: Promise<void>;
  let markOpen: () => void = () => {};
  const resetOpened = () => {
    opened = new Promise<void>((resolve) => (markOpen = resolve));
  };
  resetOpened();

  const eventsUrl = (): string => {
    const url = new URL('/api/events', base);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  };

  function connect(): void {
    if (closed || denied || socket) return;
    const ws = options.token ? new WebSocket(eventsUrl(), eventSubprotocols(options.token)) : new WebSocket(eventsUrl());
    socket = ws;
    let wasOpen = false;
    ws.addEventListener('open', () => {
      wasOpen = true;
      delay = firstDelay;
      markOpen();
      if (everOpen) for (const l of reconnectListeners) l();
      everOpen = true;
    });
    ws.addEventListener('message', (message) => {
      if (typeof message.data !== 'string') return;
      let frame: { event?: unknown; payload?: unknown };
      try {
        frame = JSON.parse(message.data) as typeof frame;
      } catch {
        return;
      }
      if (typeof frame.event !== 'string') return;
      for (const l of listeners.get(frame.event) ?? []) l(frame.payload);
    });
    ws.addEventListener('close', (event) => {
      socket = null;
      if (event.code === TOKEN_ROTATED_CLOSE_CODE) deny();
      if (wasOpen) resetOpened();
      if (closed || denied) return;
      timer = setTimeout(() => {
        timer = null;
        connect();
      }, delay);
      delay = Math.min(delay * 2, maxDelay);
    });
  }

  const transport: BrowserTransport = {
    kind: 'browser',
    async call(name, args) {
      return (await callHost(base, options.token, name, args, deny)) as never;
    },
    subscribe(event, cb) {
      let set = listeners.get(event satisfies EventName);
      if (!set) listeners.set(event, (set = new Set()));
      const listener = cb as Listener;
      set.add(listener);
      connect();
      return () => {
        set.delete(listener);
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },
    onDenied(listener) {
      if (refusal !== null) listener(refusal);
      deniedListeners.add(listener);
      return () => {
        deniedListeners.delete(listener);
      };
    },
    connected() {
      connect();
      return opened;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
      socket = null;
    },
  };
  return transport;
}
