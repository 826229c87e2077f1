import { z } from 'zod';

/**
 * Retention caps, the same for the received deliveries (listener) and the history copy
 * (poller): rows kept at most, and bytes kept at most; the oldest are removed first.
 */
export const RetainDeliveriesSchema = z.number().int().min(1).max(100_000_000).default(100_000);
export const RetainBytesSchema = z
  .number()
  .int()
  .min(64 * 1024)
  .max(1024 ** 4)
  .default(1024 ** 3);
