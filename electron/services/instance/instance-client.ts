import WebSocket from 'ws';
import {
  CallError,
  CallErrorSchema,
  calls,
  events,
  type CallArgs,
  type CallName,
  type CallResult,
  type EventName,
  type EventPayload,
} from '../../../shared/contract';
import { eventSubprotocols } from '../../../shared/security/host-token';
import { readRunningInstance, type InstanceInfo } from './instance-lock';
import { HostTokenRefusedError, readHostToken } from './host-token-file';
import { isLoopbackAddress } from '../net/loopback';

/**
 * Why the lock's address must not receive the folder's access token, or null when it may: only
 * an http address on this machine, written as a loopback IP (a name could resolve elsewhere).
 * The lock file is a file in the folder; whoever can write it must not learn the token.
 */
export function lockUrlProblem(url: string): string | null {
  if (!URL.canParse(url)) return `its address ${url} is not a URL`;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || !isLoopbackAddress(parsed.hostname)) {
    return `its address ${parsed.origin} is not a loopback address: the folder's access token is only sent to this machine`;
  }
  return null;
}

/** The running Hooklab that holds a data folder, reached through its local API. */
export interface InstanceClient {
  /** Who answers: the lock's holder (its kind, pid and url). */
  readonly instance: InstanceInfo & { url: string };
  /** One contract call; the result is checked against the contract's schema. Throws CallError or InstanceUnreachableError. */
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  /** Listens to one live event (payloads that do not match the contract are dropped); returns the unsubscribe. */
  onEvent<E extends EventName>(name: E, cb: (payload: EventPayload<E>) => void): () => void;
  /** Resolves once the event socket is open, so nothing emitted after it is missed; rejects if it cannot open. */
  eventsReady(): Promise<void>;
  /**
   * The id of this client's session: its event socket (opened if need be), named in the
   * socket's first frame. What is lent for it (`replay.addThrowawayKey` with `session`) ends
   * when the socket closes: on close(), or when this process dies. A new socket, a new id.
   */
  session(): Promise<string>;
  /** Closes the event socket (calls remain possible). */
  close(): void;
}

/** The holder of a folder, with the address of its local API. */
type RunningInstance = InstanceInfo & { url: string };

/** The holder of the folder did not answer (it hangs, or exited between reading the lock and calling). */
export class InstanceUnreachableError extends Error {
  constructor(instance: InstanceInfo & { url: string }, detail: string) {
    super(`The Hooklab holding this data folder (${instance.kind}, pid ${instance.pid}, ${instance.url}) does not answer: ${detail}`);
    this.name = 'InstanceUnreachableError';
  }
}

/**
 * A client for the Hooklab running on `dataDir` (desktop app or serve), or null when none runs
 * there, or it has no local API yet: terminal tools then open the folder themselves. Calls go
 * through the instance's local HTTP API with the folder's access token, exactly as its UI's
 * would, so the running app sees (and shows) what a tool does.
 */
export function connectToRunningInstance(dataDir: string, options: { fetch?: typeof fetch } = {}): InstanceClient | null {
  const holder = readRunningInstance(dataDir);
  if (!holder || holder.url === null) return null;
  const instance = { ...holder, url: holder.url };
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const refused = lockUrlProblem(instance.url);
  const token = folderToken(dataDir, instance, refused);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: WebSocket | null = null;
  let ready: Promise<void> | null = null;
  let session: Promise<string> | null = null;

  function openSocket(): Promise<void> {
    if (ready) return ready;
    let protocols: string[];
    try {
      protocols = eventSubprotocols(token());
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const url = new URL('/api/events', instance.url);
    url.protocol = 'ws:';
    const ws = new WebSocket(url, protocols, { headers: { Origin: instance.url } });
    socket = ws;
    let named: (id: string) => void = () => {};
    let unnamed: (error: Error) => void = () => {};
    session = new Promise<string>((resolve, reject) => {
      named = resolve;
      unnamed = reject;
    });
    session.catch(() => {});
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let frame: { event?: unknown; payload?: unknown; session?: unknown };
      try {
        frame = JSON.parse(data.toString('utf8')) as typeof frame;
      } catch {
        return;
      }
      if (typeof frame.session === 'string') named(frame.session);
      if (typeof frame.event !== 'string' || !Object.hasOwn(events, frame.event)) return;
      const parsed = events[frame.event as EventName].payload.safeParse(frame.payload);
      if (!parsed.success) return;
      for (const cb of listeners.get(frame.event) ?? []) cb(parsed.data);
    });
    ready = new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new InstanceUnreachableError(instance, `its event socket answered ${res.statusCode}`)));
      ws.once('error', (error) => reject(new InstanceUnreachableError(instance, error.message)));
    });
    // A rejection nobody awaits (onEvent without eventsReady) must not crash the tool.
    ready.catch(() => {});
    // A socket that closes (the app restarted, the token rotated) ends its session: the next
    // session() opens a new socket.
    ws.once('close', () => {
      unnamed(new InstanceUnreachableError(instance, 'its event socket closed before naming the session'));
      if (socket !== ws) return;
      socket = null;
      ready = null;
      session = null;
    });
    return ready;
  }

  return {
    instance,
    // Async, so a token that cannot be read is a rejected call, as every other failure.
    async call(name, args) {
      return postCall(doFetch, instance, token(), name, args);
    },
    onEvent(name, cb) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      const listener = cb as (payload: unknown) => void;
      set.add(listener);
      void openSocket();
      return () => {
        set.delete(listener);
      };
    },
    eventsReady: openSocket,
    async session() {
      const opened = openSocket();
      // Taken with the socket it belongs to (openSocket sets it with a new socket).
      const named = session;
      await opened;
      if (!named) throw new InstanceUnreachableError(instance, 'its event socket names no session');
      return named;
    },
    close() {
      socket?.close();
      socket = null;
      ready = null;
      session = null;
    },
  };
}

/** The folder's access token, read afresh for each call (it may have rotated); refused when the lock's address may not receive it. */
function folderToken(dataDir: string, instance: RunningInstance, refused: string | null): () => string {
  return () => {
    if (refused) throw new InstanceUnreachableError(instance, refused);
    let value: string | null;
    try {
      value = readHostToken(dataDir);
    } catch (error) {
      if (error instanceof HostTokenRefusedError) throw new InstanceUnreachableError(instance, error.message);
      throw error;
    }
    if (!value) throw new InstanceUnreachableError(instance, `the data folder ${dataDir} has no access token (host-token)`);
    return value;
  };
}

/** One contract call through the instance's local API; its result checked against the contract. */
async function postCall<N extends CallName>(doFetch: typeof fetch, instance: RunningInstance, token: string, name: N, args: CallArgs<N>): Promise<CallResult<N>> {
  const authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await doFetch(new URL(`/api/calls/${name}`, instance.url), {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(args ?? {}),
      // The call's own deadline, declared with it in the contract: long work has none (its job
      // is cancelled instead), so a running app is never reported as "not answering" mid-job.
      ...(calls[name].deadlineMs === null ? {} : { signal: AbortSignal.timeout(calls[name].deadlineMs) }),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    throw new InstanceUnreachableError(instance, cause ?? (error as Error).message);
  }
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    throw new InstanceUnreachableError(instance, `${name} answered ${response.status} without JSON`);
  }
  const body = envelope as { ok?: unknown; value?: unknown; error?: unknown };
  if (body.ok === true) {
    const result = calls[name].result.safeParse(body.value);
    if (!result.success) throw new CallError('internal', `${name}: the instance answered a result the contract does not allow`);
    return result.data as CallResult<N>;
  }
  const error = CallErrorSchema.safeParse(body.error);
  if (response.status === 401) throw new CallError('forbidden', `the instance refused the data folder's access token (rotated since it was read?)`);
  if (!error.success) throw new InstanceUnreachableError(instance, `${name} answered ${response.status}`);
  throw new CallError(error.data.code, error.data.message);
}
