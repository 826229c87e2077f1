import type { Handlers } from '../../../shared/contract';
import { CallError } from '../../../shared/contract/errors';
import { diffBytes } from '../../services/data/delivery-diff';
import { eventTypeOf } from './request-builder';
import { exportCurl, exportFetch, exportFixture, type ExportableRequest } from './exports';
import type { ReplayParts } from './replay-parts';

/** The request to export: a replay as it was sent, or a draft as it would be. */
function exportable({ ctx, service }: ReplayParts, source: Parameters<Handlers['replay.export']>[0]['source']): ExportableRequest {
  if (source.kind === 'replay') {
    const detail = ctx.data.replayReads.getReplay(source.id);
    if (!detail) throw new CallError('not-found', `no replay ${source.id}`);
    return {
      method: detail.request.method,
      url: detail.request.url,
      headers: detail.request.headers,
      body: new Uint8Array(Buffer.from(detail.request.bodyBase64, 'base64')),
      signature: detail.request.signature,
      keyLabel: detail.request.keyLabel,
      eventType: detail.summary.eventType,
      eventId: detail.summary.eventId,
    };
  }
  const { built } = service.inspect(source.request, source.targetUrl, source.origin);
  return {
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

/** replay.* of what was sent and where to: the history, its diff, targets, settings and exports. */
export function historyHandlers(parts: ReplayParts): Partial<Handlers> {
  const { ctx, targets, replaySettings } = parts;
  const reads = ctx.data.replayReads;
  return {
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
      ctx.data.replays.clearReplays();
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
    'replay.settings': async () => replaySettings.get(),
    'replay.setSettings': async (patch) => replaySettings.set(patch),
    'replay.export': async ({ format, source }) => {
      const req = exportable(parts, source);
      return format === 'curl' ? exportCurl(req) : format === 'fetch' ? exportFetch(req) : exportFixture(req);
    },
  };
}
