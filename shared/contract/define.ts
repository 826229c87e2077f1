import { z } from 'zod';

/** One call the UI can make: arguments in, a promised result out, both validated by schema. */
export interface CallSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly doc: string;
  readonly args: A;
  readonly result: R;
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
): CallSpec<A, R> => ({ doc, args, result });

export const defineEvent = <P extends z.ZodType>(doc: string, payload: P): EventSpec<P> => ({
  doc,
  payload,
});

/** Calls that take no arguments still take an (empty) object, so every transport is uniform. */
export const NoArgs = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });
