import type { Handlers } from '../../../shared/contract';
import { CallError } from '../../../shared/contract/errors';
import type { Draft } from '../../../shared/contract/replay-drafts';
import { ORDER_TYPES, EVENT_TYPES } from '../../../shared/service';
import { EVENT_TYPE_INFO } from '../../../shared/replay/templates';
import { openDraft } from './draft-sources';
import { bodyBytes, eventTypeOf } from './request-builder';
import type { ReplayParts } from './replay-parts';

/** replay.* of drafts and keys: templates, opening, saving and deleting drafts, throwaway keys. */
export function draftHandlers({ ctx, keys, sources, now }: ReplayParts): Partial<Handlers> {
  const store = ctx.data.replays;
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
      const saved = store.saveDraft({ id: id ?? null, name, request, targetUrl, origin, eventType: eventTypeOf(bytes), bodySize: bytes.length }, now());
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
      if (!ctx.runtime.sessions.isOpen(session)) throw new CallError('not-found', `no open session ${session}: its event socket closed`);
      const id = keys.holdThrowaway(label, value);
      ctx.runtime.sessions.onEnd(session, () => keys.removeThrowaway(id));
      return { id };
    },
    'replay.removeThrowawayKey': async ({ id }) => {
      if (!keys.removeThrowaway(id)) throw new CallError('not-found', `no throwaway key ${id}`);
      return { ok: true as const };
    },
  };
}
