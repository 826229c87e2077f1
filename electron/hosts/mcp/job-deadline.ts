import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ContractClient } from '../kit/contract-client';

/** The argument every long tool takes: how long the agent waits before the job is cancelled. */
export const timeoutSecondsArg = z
  .number()
  .int()
  .min(1)
  .max(3600)
  .optional()
  .describe('Seconds to wait before cancelling the job (what was done by then is reported); default: until it ends');

/**
 * Runs a long call as a job with an id chosen here, and cancels that job when `timeoutSeconds`
 * pass first: the call then answers what was done (it returns when the job ends, as before).
 */
export async function runWithDeadline<T>(
  client: ContractClient,
  timeoutSeconds: number | undefined,
  run: (jobId: string) => Promise<T>,
): Promise<{ result: T; timedOut: boolean }> {
  const jobId = `mcp-${randomUUID().slice(0, 8)}`;
  let timedOut = false;
  const timer =
    timeoutSeconds === undefined
      ? null
      : setTimeout(() => {
          timedOut = true;
          void client.call('jobs.cancel', { jobId }).catch(() => undefined);
        }, timeoutSeconds * 1000);
  try {
    return { result: await run(jobId), timedOut };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
