import { z } from 'zod';

/** One call the UI can make: arguments in, a promised result out, both validated by schema. */
export interface CallSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly doc: string;
  readonly args: A;
  readonly result: R;
  /**
   * How long a caller through a running instance (a terminal tool, MCP) waits for the answer
   * before it counts the instance as not answering. Declared with the call, so nobody keeps a
   * list: null for long work that answers when its job ends (the caller cancels the job instead).
   */
  readonly deadlineMs: number | null;
  /** Its arguments may carry a whole webhook body (hosts accept a larger request for it). */
  readonly largeBody: boolean;
  /** It changes nothing: no setting, no stored row, nothing sent to a handler or the service. */
  readonly readOnly: boolean;
  /**
   * Nothing takes it back: it deletes or replaces what the user had (rows, keys, secrets, a
   * token), or makes the service act on the active environment, possibly production (a resend
   * reaches the store's real handlers again).
   */
  readonly destructive: boolean;
}

/** The deadline of a call that answers at once (reads, writes of settings, starting a job). */
export const DEFAULT_CALL_DEADLINE_MS = 30_000;

/** Facts about a call that hosts and clients read instead of keeping lists of names. */
export interface CallFacts {
  /** Long work that holds the call until its job ends: no deadline shorter than the work. */
  readonly longRunning?: boolean;
  /** The arguments may carry a whole webhook body (Replay's request, up to its body cap). */
  readonly largeBody?: boolean;
  /** Changes nothing (MCP tells agents with readOnlyHint). */
  readonly readOnly?: boolean;
  /** Deletes or replaces what the user had, or makes the service act on the active environment (MCP tells agents with destructiveHint). */
  readonly destructive?: boolean;
}

/** One live event the core pushes to the UI. */
export interface EventSpec<P extends z.ZodType = z.ZodType> {
  readonly doc: string;
  readonly payload: P;
}

export const defineCall = <A extends z.ZodType, R extends z.ZodType>(
  doc: string,
  args: A,
  result: R,
  facts: CallFacts = {},
): CallSpec<A, R> => ({
  doc,
  args,
  result,
  deadlineMs: facts.longRunning ? null : DEFAULT_CALL_DEADLINE_MS,
  largeBody: facts.largeBody ?? false,
  readOnly: facts.readOnly ?? false,
  destructive: facts.destructive ?? false,
});

export const defineEvent = <P extends z.ZodType>(doc: string, payload: P): EventSpec<P> => ({
  doc,
  payload,
});

/** Calls that take no arguments still take an (empty) object, so every transport is uniform. */
export const NoArgs = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });
/** The arguments of a call on one stored row. */
export const IdArgs = z.object({ id: z.number().int().positive() }).strict();
