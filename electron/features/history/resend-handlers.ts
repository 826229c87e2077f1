import { CallError } from '../../../shared/contract/errors';
import type { Handlers } from '../../../shared/contract';
import { resendOne } from './resend';
import type { HistoryParts } from './history-parts';

const rate = (ratePerSecond: number | undefined) => (ratePerSecond ? ` at ${ratePerSecond}/s` : '');

/** history.resend*: one resend at once, many as a job, and a job's remainder resumed. */
export function resendHandlers({ ctx, bulk, notifier, active, activeId, call, requesting, keep }: HistoryParts): Partial<Handlers> {
  const store = ctx.data.history;
  return {
    'history.resend': ({ id }) =>
      call(async () => {
        const connection = active();
        const outcome = await resendOne(requesting(connection), id);
        keep(connection.id, outcome);
        notifier.flush();
        return outcome;
      }),
    'history.resendMany': ({ ids, concurrency, ratePerSecond, jobId }) =>
      call(() => bulk.start(ids, { concurrency, ratePerSecond, jobId, title: `Resend ${ids.length}${rate(ratePerSecond)}` }).result),
    'history.resendPending': ({ concurrency, ratePerSecond, jobId, since }) =>
      call(() => {
        const ids = store.pendingEventIds(active().id, since);
        if (ids.length === 0) throw new CallError('conflict', since === undefined ? 'no event is pending' : `no event first logged since ${since} is pending`);
        const title = `Resend ${ids.length} pending${since === undefined ? '' : ` since ${since}`}${rate(ratePerSecond)}`;
        return bulk.start(ids, { concurrency, ratePerSecond, jobId, title }).result;
      }),
    'history.resendWhere': ({ where, dryRun, ratePerSecond, concurrency, jobId }) =>
      call(async () => {
        const selection = store.resendSelection(dryRun ? activeId() : active().id, where);
        const estimate = { deliveries: selection.deliveries, events: selection.events, resends: selection.ids.length };
        if (dryRun) return estimate;
        if (selection.ids.length === 0) throw new CallError('conflict', 'no delivery of the local history copy matches: nothing to resend');
        const started = bulk.start(selection.ids, { concurrency, ratePerSecond, jobId, title: `Resend ${selection.ids.length} events${rate(ratePerSecond)}` });
        // Its outcome is the job's (jobs.get); nobody awaits this promise.
        started.result.catch(() => undefined);
        return { jobId: started.jobId, ...estimate };
      }),
    'history.resendResume': ({ jobId, ratePerSecond, newJobId }) =>
      call(async () => {
        const job = ctx.runtime.jobs.get(jobId);
        if (job?.state === 'running') throw new CallError('conflict', `job ${jobId} is still running: cancel it first`);
        const resumed = bulk.resume(jobId, { ratePerSecond, newJobId });
        if (!resumed) throw new CallError('not-found', `job ${jobId} left nothing to resume (it finished, was resumed already, or is unknown)`);
        resumed.result.catch(() => undefined);
        return { jobId: resumed.jobId, resends: resumed.resends, skipped: resumed.skipped };
      }),
  };
}
