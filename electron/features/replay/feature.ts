import type { CoreContext, Feature } from '../../services/kernel/feature';
import { CallError } from '../../../shared/contract/errors';
import { ORDER_TYPES, EVENT_TYPES } from '../../../shared/service';
import { EVENT_TYPE_INFO } from '../../../shared/replay/templates';
import type { Draft } from '../../../shared/contract/replay-drafts';
import { CHECK_IDS } from '../../../shared/contract/replay-checks';
import { nodeHmac } from '../../services/platform/node-hmac';
import { HistoryStore } from '../../services/data/history-store';
import { ImportStore } from '../../services/data/import-store';
import { diffBytes } from '../../services/data/delivery-diff';
import { ReplayStore } from '../../services/data/replay-store';
import { ReplayReads } from '../../services/data/replay-reads';
import { ReplaySettingsTables } from '../../services/data/replay-settings-tables';
import { KeyChoices } from '../../services/webhook-keys/key-choices';
import { ReplayTargets } from './targets';
import { moveReplaySettingsFromDatabase, ReplaySettingsHome } from './replay-settings';
import { ReplayService } from './replay-service';
import { openDraft } from './draft-sources';
import { bodyBytes, eventTypeOf } from './request-builder';
import { runHandlerCheck } from './handler-check';
import { runPool } from '../../services/jobs/rate-pool';
import { createEventIdGenerator } from './event-ids';
import { exportCurl, exportFetch, exportFixture, type ExportableRequest } from './exports';
import { runScenario } from './scenario-run';

/**
 * The Replay area: drafts, re-signing in the core, replays to the user's handlers with their
 * history and diff, targets with the non-loopback opt-in, the handler check and exports.
 */
export function createReplayFeature(ctx: CoreContext): Feature {
  const store = new ReplayStore(ctx.db);
  const reads = new ReplayReads(ctx.db);
  // Before anything reads them: an existing user's settings and targets leave the database.
  moveReplaySettingsFromDatabase(ctx.settings, new ReplaySettingsTables(ctx.db), ctx.log);
  const replaySettings = new ReplaySettingsHome(ctx.settings);
  const settings = () => replaySettings.get();
  const keys = new KeyChoices(ctx.webhookKeys, ctx, store);
  const targets = new ReplayTargets(ctx, replaySettings);
  // One source of new event ids for replays and the handler check, so the two never share one.
  const newEventId = createEventIdGenerator(() => ctx.clock.now());
  const service = new ReplayService(ctx, store, reads, settings, keys, targets, nodeHmac, newEventId);
  const sources = {
    received: ctx.deliveries,
    history: new HistoryStore(ctx.db),
    replay: store,
    imports: new ImportStore(ctx.db),
    environmentId: () => ctx.environments.activeInfo().id,
  };
  const now = () => new Date(ctx.clock.now()).toISOString();

  /** A saved draft with what the user should know about it now (e.g. its key is gone). */
  const withWarnings = (draft: Omit<Draft, 'warnings'>): Draft => {
    const key = keys.resolve(draft.request.key);
    return { ...draft, warnings: 'problem' in key ? [key.problem] : [] };
  };
  const requireDraft = (id: number) => {
    const draft = store.getDraft(id);
    if (!draft) throw new CallError('not-found', `no draft ${id}`);
    return draft;
  };
  const forgetThrowawayKeyOf = (draftId: number) => {
    const keyId = store.draftKeyId(draftId);
    if (keyId && !store.keyUsedElsewhere(keyId, draftId)) keys.removeThrowaway(keyId);
  };

  return {
    name: 'replay',
    async stop() {
      await service.stop();
    },
    handlers: {
      'replay.templates': async () => ({
        eventTypes: EVENT_TYPES.map((type) => ({ type, level: EVENT_TYPE_INFO[type].level, meaning: EVENT_TYPE_INFO[type].meaning })),
        orderTypes: [...ORDER_TYPES],
      }),
      'replay.open': async ({ from }) => {
        const draft = openDraft(sources, from);
        if (draft.id !== null) return withWarnings(draft);
        return draft;
      },
      'replay.listDrafts': async () => ({ drafts: store.listDrafts() }),
      'replay.getDraft': async ({ id }) => withWarnings(requireDraft(id)),
      'replay.saveDraft': async ({ id, name, request, targetUrl, origin }) => {
        const bytes = bodyBytes(request.body);
        const saved = store.saveDraft(
          { id: id ?? null, name, request, targetUrl, origin, eventType: eventTypeOf(bytes), bodySize: bytes.length },
          now(),
        );
        if (saved === null) throw new CallError('not-found', `no draft ${id}: it was deleted`);
        return withWarnings(requireDraft(saved));
      },
      'replay.renameDraft': async ({ id, name }) => {
        if (!store.renameDraft(id, name, now())) throw new CallError('not-found', `no draft ${id}`);
        return { ok: true as const };
      },
      'replay.deleteDraft': async ({ id }) => {
        forgetThrowawayKeyOf(id);
        if (!store.deleteDraft(id)) throw new CallError('not-found', `no draft ${id}`);
        return { ok: true as const };
      },
      'replay.keys': async () => ({ keys: keys.list() }),
      'replay.addThrowawayKey': async ({ label, value, session }) => {
        if (session === undefined) return { id: keys.addThrowaway(label, value) };
        // Lent for a client's session: kept in memory, gone when its connection closes (a kill -9 too).
        if (!ctx.sessions.isOpen(session)) throw new CallError('not-found', `no open session ${session}: its event socket closed`);
        const id = keys.holdThrowaway(label, value);
        ctx.sessions.onEnd(session, () => keys.removeThrowaway(id));
        return { id };
      },
      'replay.removeThrowawayKey': async ({ id }) => {
        if (!keys.removeThrowaway(id)) throw new CallError('not-found', `no throwaway key ${id}`);
        return { ok: true as const };
      },
      'replay.sign': async ({ request, targetUrl, origin }) => service.preview(request, targetUrl, origin),
      'replay.send': async (args) => service.send(args),
      'replay.sendSelected': async ({ ids, targetUrl, concurrency, ratePerSecond }) => {
        // Refused before the job starts: a target off this machine without the opt-in sends nothing.
        targets.require(targetUrl);
        const { jobId, result } = ctx.jobs.start(
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
                  ctx.log.warn(`replaying received delivery ${id} failed`, { message: (error as Error).message });
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
      'replay.history': async ({ targetUrl, status, beforeId, limit }) => {
        const { rows, total } = reads.listReplays({
          ...(targetUrl !== undefined ? { targetUrl } : {}),
          status,
          ...(beforeId !== undefined ? { beforeId } : {}),
          limit,
        });
        const last = rows.at(-1);
        return { rows, total, nextBeforeId: rows.length === limit && last ? last.id : null };
      },
      'replay.get': async ({ id }) => {
        const detail = reads.getReplay(id);
        if (!detail) throw new CallError('not-found', `no replay ${id}`);
        return detail;
      },
      'replay.clearHistory': async () => {
        store.clearReplays();
        return { ok: true as const };
      },
      'replay.diff': async ({ left, right }) => {
        const side = (id: number) => {
          const r = reads.replayBytes(id);
          if (!r) throw new CallError('not-found', `no replay ${id}`);
          const s = r.summary;
          const what = s.status !== null ? `${s.status}` : `error: ${s.error ?? 'no answer'}`;
          return { label: `replay #${id} (${what})`, bytes: r.response ?? new Uint8Array(), status: s.status };
        };
        const a = side(left);
        const b = side(right);
        return { ...diffBytes(a, b), leftStatus: a.status, rightStatus: b.status };
      },
      'replay.targets': async () => ({ targets: targets.list() }),
      'replay.checkTarget': async ({ url }) => targets.verdict(url),
      'replay.addTarget': async (input) => targets.add(input),
      'replay.removeTarget': async ({ id }) => {
        targets.remove(id);
        return { ok: true as const };
      },
      'replay.settings': async () => settings(),
      'replay.setSettings': async (patch) => replaySettings.set(patch),
      'scenario.run': (args) => runScenario({ ctx, targets, keys, newEventId }, args),
      'replay.checkHandler': async ({ url, key, only, timeoutMs, jobId }) => {
        const verdict = targets.require(url);
        const resolved = keys.resolve(key);
        if ('problem' in resolved) throw new CallError('conflict', `the handler check needs a key: ${resolved.problem}`);
        const total = only ? new Set(only).size : CHECK_IDS.length;
        return ctx.jobs.run({ kind: 'replay.check', title: `Handler check of ${verdict.url}`, total, jobId }, (job) =>
          runHandlerCheck({
            url: verdict.url,
            key: resolved,
            keyNote: keys.sandboxKeyNote(resolved.value),
            hmac: nodeHmac,
            deadlineMs: timeoutMs ?? settings().timeoutMs,
            ...(only ? { only } : {}),
            newEventId,
            nowMs: () => ctx.clock.now(),
            signal: job.signal,
            startTrace: () => ctx.traces.start(),
            onCheck: (check) => {
              ctx.bus.emit('replay.checkResult', { jobId: job.jobId, check });
              job.step(!check.passed);
            },
          }),
        );
      },
      'replay.export': async ({ format, source }) => {
        let req: ExportableRequest;
        if (source.kind === 'replay') {
          const detail = reads.getReplay(source.id);
          if (!detail) throw new CallError('not-found', `no replay ${source.id}`);
          req = {
            method: detail.request.method,
            url: detail.request.url,
            headers: detail.request.headers,
            body: new Uint8Array(Buffer.from(detail.request.bodyBase64, 'base64')),
            signature: detail.request.signature,
            keyLabel: detail.request.keyLabel,
            eventType: detail.summary.eventType,
            eventId: detail.summary.eventId,
          };
        } else {
          const { built } = service.inspect(source.request, source.targetUrl, source.origin);
          req = {
            method: built.method,
            url: source.targetUrl,
            headers: built.headers,
            body: built.body,
            signature: built.signature,
            keyLabel: built.keyLabel,
            eventType: eventTypeOf(built.body),
            eventId: built.eventId,
          };
        }
        return format === 'curl' ? exportCurl(req) : format === 'fetch' ? exportFetch(req) : exportFixture(req);
      },
    },
  };
}
