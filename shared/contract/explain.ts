/**
 * Calls of the explainer: why an order (or one received delivery) is stuck, with causes in the
 * order to fix them. Implemented in the core over the other areas' calls (core/explain-feature.ts).
 */
import { z } from 'zod';
import { defineCall } from './define';
import { ExplanationSchema } from '../explain/model';

export * from '../explain/model';

export const explainCalls = {
  'explain.order': defineCall(
    "Why an order is not done: causes in the order to fix them (pending-at-service, other-url, wrong-key, body-changed, signature-missing, handler-refused, handler-error, state-mismatch, out-of-order, duplicate; ok when nothing is wrong), each with a sentence, its evidence (delivery and history ids, times, statuses) and its fix. With stateUrl, the handler's state (GET, loopback) is compared with the derived states (statePath: where the order is in it).",
    z
      .object({
        orderId: z.union([z.string().min(1).max(200), z.number()]),
        stateUrl: z.string().min(1).max(2000).optional(),
        statePath: z.string().min(1).max(500).optional(),
      })
      .strict(),
    ExplanationSchema,
    // The state URL is only read (GET), as flows.handlerState reads it.
    { readOnly: true },
  ),
  'explain.delivery': defineCall(
    "Why one received delivery did not get through: the causes of its order that concern it (its signature, its handler's answer, its place in the sequence), or ok.",
    z.object({ id: z.number().int().positive() }).strict(),
    ExplanationSchema,
    { readOnly: true },
  ),
} as const;
