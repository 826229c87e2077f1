import type { Handlers } from '../../../shared/contract';
import { CallError } from '../../../shared/contract/errors';
import { CHECK_IDS } from '../../../shared/contract/replay-checks';
import { nodeHmac } from '../../services/platform/node-hmac';
import { runPool } from '../../services/jobs/rate-pool';
import { openDraft } from './draft-sources';
import { runHandlerCheck } from './handler-check';
import { runScenario } from './scenario-run';
import type { ReplayParts } from './replay-parts';

/** replay.* that send: sign, send, send the selected received deliveries, again, the handler check, scenario.run. */
export function sendHandlers({ ctx, keys, targets, service, sources, newEventId, replaySettings }: ReplayParts): Partial<Handlers> {
  return {
    'replay.sign': async ({ request, targetUrl, origin }) => service.preview(request, targetUrl, origin),
    'replay.send': async (args) => service.send(args),
    'replay.sendSelected': async ({ ids, targetUrl, concurrency, ratePerSecond }) => {
      // Refused before the job starts: a target off this machine without the opt-in sends nothing.
      targets.require(targetUrl);
      const { jobId, result } = ctx.runtime.jobs.start(
        { kind: 'replay.send', title: `Replay ${ids.length} deliveries to ${targetUrl}`, total: ids.length },
        (job) =>
          runPool(
            ids,
            async (id) => {
              try {
                const draft = openDraft(sources, { kind: 'received', id });
                const { replays } = await service.send({
                  request: draft.request,
                  targetUrl,
                  times: 1,
                  mode: 'sequential',
                  intervalMs: 0,
                  draftId: null,
                  origin: draft.origin,
                  sentFrom: 'app',
                });
                job.step(replays[0]?.summary.status === null);
              } catch (error) {
                // One delivery that cannot be replayed (gone, its key retired) does not stop the rest.
                ctx.runtime.log.warn(`replaying received delivery ${id} failed`, { message: (error as Error).message });
                job.step(true);
              }
            },
            { concurrency, ratePerSecond, signal: job.signal },
          ),
      );
      result.catch(() => undefined);
      return { jobId };
    },
    'replay.again': async ({ id }) => service.again(id),
    'scenario.run': (args) => runScenario({ ctx, targets, keys, newEventId }, args),
    'replay.checkHandler': async ({ url, key, only, timeoutMs, jobId }) => {
      const verdict = targets.require(url);
      const resolved = keys.resolve(key);
      if ('problem' in resolved) throw new CallError('conflict', `the handler check needs a key: ${resolved.problem}`);
      const total = only ? new Set(only).size : CHECK_IDS.length;
      return ctx.runtime.jobs.run({ kind: 'replay.check', title: `Handler check of ${verdict.url}`, total, jobId }, (job) =>
        runHandlerCheck({
          url: verdict.url,
          key: resolved,
          keyNote: keys.sandboxKeyNote(resolved.value),
          hmac: nodeHmac,
          deadlineMs: timeoutMs ?? replaySettings.get().timeoutMs,
          ...(only ? { only } : {}),
          newEventId,
          nowMs: () => ctx.runtime.clock.now(),
          signal: job.signal,
          startTrace: () => ctx.runtime.traces.start(),
          onCheck: (check) => {
            ctx.runtime.bus.emit('replay.checkResult', { jobId: job.jobId, check });
            job.step(!check.passed);
          },
        }),
      );
    },
  };
}
