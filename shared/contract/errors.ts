import { z } from 'zod';

/** Codes a call can fail with; the UI chooses wording and retry affordances by code. */
export const CALL_ERROR_CODES = [
  'invalid-args',
  'unknown-call',
  'forbidden',
  'not-found',
  'conflict',
  'unavailable',
  'upstream',
  'internal',
] as const;
export type CallErrorCode = (typeof CALL_ERROR_CODES)[number];

export const CallErrorSchema = z.object({
  code: z.enum(CALL_ERROR_CODES),
  message: z.string(),
});
export type CallErrorBody = z.infer<typeof CallErrorSchema>;

/** The envelope every host sends back for a call, so errors keep their code across IPC and HTTP. */
export type CallEnvelope<R> = { ok: true; value: R } | { ok: false; error: CallErrorBody };

/** An error a handler throws on purpose; its message is shown to the user as is. */
export class CallError extends Error {
  constructor(
    readonly code: CallErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

/** Turns a zod error into one readable line naming each offending field. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : '(arguments)';
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}
