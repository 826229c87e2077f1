import type { z } from 'zod';
import { appCalls, appEvents } from './app';
import { liveCalls, liveEvents } from './live';
import { liveImportCalls, liveImportEvents } from './live-import';
import { historyCalls, historyEvents } from './history';
import { sandboxCalls, sandboxEvents } from './sandbox';
import { sequencesCalls, sequencesEvents } from './sequences';
import { flowsCalls, flowsEvents } from './flows';
import { replayCalls, replayEvents } from './replay';
import { projectConfigCalls } from './project-config';
import { tracingCalls, tracingEvents } from './tracing';
import { jobsCalls, jobsEvents } from './jobs';
import { scenarioCalls } from './scenario';
import { shareExportCalls } from './share-export';
import { explainCalls } from './explain';
import { notificationEvents } from './notifications';
import { CallError, describeZodError } from './errors';

export * from './define';
export * from './errors';
export * from './status';
export * from './app';
export * from './jobs';
export * from './notifications';

/** Every call the UI can make, by name `<area>.<verb>`. The hosts loop over this object. */
export const calls = {
  ...appCalls,
  ...liveCalls,
  ...liveImportCalls,
  ...historyCalls,
  ...sandboxCalls,
  ...replayCalls,
  ...sequencesCalls,
  ...flowsCalls,
  ...projectConfigCalls,
  ...tracingCalls,
  ...jobsCalls,
  ...scenarioCalls,
  ...shareExportCalls,
  ...explainCalls,
} as const;
/** Every live event the UI can receive. */
export const events = {
  ...appEvents,
  ...liveEvents,
  ...liveImportEvents,
  ...historyEvents,
  ...sandboxEvents,
  ...replayEvents,
  ...sequencesEvents,
  ...flowsEvents,
  ...tracingEvents,
  ...jobsEvents,
  ...notificationEvents,
} as const;

export type Calls = typeof calls;
export type Events = typeof events;
export type CallName = keyof Calls & string;
export type EventName = keyof Events & string;
/** What a caller passes (defaults may be omitted). */
export type CallArgs<N extends CallName> = z.input<Calls[N]['args']>;
/** What a handler receives after validation. */
export type ParsedArgs<N extends CallName> = z.output<Calls[N]['args']>;
export type CallResult<N extends CallName> = z.output<Calls[N]['result']>;
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>;

/** The core's implementation of the contract: one async function per call. */
/** Any transport's `call` (the renderer's, a script's through the browser host, or a terminal tool's). */
export type ContractCall = <N extends CallName>(name: N, args: CallArgs<N>) => Promise<CallResult<N>>;

export type Handlers = { [N in CallName]: (args: ParsedArgs<N>) => Promise<CallResult<N>> };

export const CALL_NAMES = Object.keys(calls) as CallName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(calls, name);
}

/** Validates raw arguments for a call; throws a CallError naming each bad field. */
export function parseCallArgs<N extends CallName>(name: N, raw: unknown): ParsedArgs<N> {
  const result = calls[name].args.safeParse(raw ?? {});
  if (!result.success) {
    throw new CallError('invalid-args', `${name}: ${describeZodError(result.error)}`);
  }
  return result.data as ParsedArgs<N>;
}

/**
 * The API the preload exposes as `window.hooklab`: `call` by the contract's name (it refuses a
 * name outside the contract before anything reaches IPC), and `subscribe`, which returns its
 * unsubscribe function.
 */
export interface HooklabApi {
  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
