import type { JobControl } from '../../services/jobs/jobs';
import type { DeliveryAttempt } from '../../emulator';
import { is2xx } from '../../../shared/http/status';

/** Why the sandbox tries a delivery again, in words (a connection failure or timeout is reported as 500). */
export function retryCause(status: number): string {
  return status === 500 ? 'the handler answered 500 or could not be reached' : `the handler answered ${status}`;
}

/**
 * A scenario job's progress from its delivery attempts: each delivery that ended is a step
 * (failed unless answered 2xx), each retry is said in the job's note with its cause and the
 * attempt count, and the end says what the deliveries came to.
 */
export function scenarioProgress(job: Pick<JobControl, 'step' | 'note' | 'setOutcome'>): (attempt: DeliveryAttempt) => void {
  let attempts = 0;
  const ended = { delivered: 0, refused: 0, failed: 0 };
  return (a) => {
    attempts++;
    const tries = `${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}`;
    if (!a.final) {
      job.note(`${tries}; retrying a delivery (attempt ${a.attempt + 1} of ${a.maxAttempts}): ${retryCause(a.status)}`);
      return;
    }
    // A 4xx other than 408 is not retried: the handler refused it. The rest failed after its retries.
    const verdict = is2xx(a.status) ? 'delivered' : a.status >= 400 && a.status < 500 && a.status !== 408 ? 'refused' : 'failed';
    ended[verdict]++;
    job.setOutcome(`delivered ${ended.delivered}, refused ${ended.refused}, failed ${ended.failed} (${tries})`);
    job.step(verdict !== 'delivered');
  };
}
