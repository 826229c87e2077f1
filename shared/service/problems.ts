import { z } from 'zod';

/** Validation problem body (see docs/service.md#validation-problem). */
export const ValidationProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.literal(400),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationProblem = z.infer<typeof ValidationProblemSchema>;

/** Server error body (see docs/service.md#server-error). */
export const ServerProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.literal(500),
});
export type ServerProblem = z.infer<typeof ServerProblemSchema>;

export const VALIDATION_PROBLEM_TYPE = 'https://tools.ietf.org/html/rfc7231#section-6.5.1';
export const SERVER_PROBLEM_TYPE = 'https://tools.ietf.org/html/rfc7231#section-6.6.1';

/**
 * Error body for statuses whose body the spec leaves open (401, 404, delivery-history errors).
 * The sandbox uses this shape; clients must not depend on it for the real service.
 */
export const GenericErrorSchema = z.object({
  status: z.number().int(),
  title: z.string(),
  detail: z.string().optional(),
});
export type GenericError = z.infer<typeof GenericErrorSchema>;
