import { describe, expect, it } from 'vitest';
import type { Draft, SignPreview } from '../../../../../../shared/contract/replay-drafts';
import type { ReplayDetail } from '../../../../../../shared/contract/replay';
import type { ReplayTarget } from '../../../../../../shared/contract/replay-targets';
import { createEditorStore } from '../../../../../../renderer/src/features/replay/create-editor-store';
import { createFakeTransport } from '../../../support/fake-transport';

const request = { method: 'POST', body: { kind: 'text', text: '{"a":1}' }, headers: { eventId: { mode: 'keep' }, eventCreated: { mode: 'keep' }, contentType: 'application/json', userAgent: 'ua', extra: [], removed: [] }, key: { kind: 'current' }, tamper: 'none' } as const;

function draft(over: Partial<Draft> = {}): Draft {
  return {
    id: null,
    name: 'From delivery 7',
    request: request as unknown as Draft['request'],
    targetUrl: null,
    origin: { kind: 'received', ref: '7', eventId: '70', eventCreated: null },
    createdAt: null,
    updatedAt: null,
    warnings: [],
    ...over,
  };
}

const preview = (signature: string) => ({ signature }) as unknown as SignPreview;
const target = (url: string): ReplayTarget => ({ id: 1, source: 'replay', url, label: url, loopback: true, optedIn: false, optInReason: null, refusal: null });

/** Lets the store's pending calls answer (the fake answers in microtasks). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An editor over a fake host that opens `draft()`, signs with the body's text, and saves as id 5. */
function setup() {
  const transport = createFakeTransport();
  transport.answer('replay.open', () => draft());
  transport.answer('replay.sign', ({ request: r }) => preview(r.body.kind === 'text' ? r.body.text : '?'));
  transport.answer('replay.saveDraft', (args) => draft({ id: args.id ?? 5, name: args.name, targetUrl: args.targetUrl ?? null }));
  const jobIds: string[] = [];
  const store = createEditorStore(transport, { newJobId: (prefix) => (jobIds.push(`${prefix}-1`), `${prefix}-1`) });
  return { transport, store, jobIds };
}

describe('createEditorStore', () => {
  it('opens a draft in place of the editor’s content, saved and not dirty', async () => {
    const { store, transport } = setup();
    await store.openDraft({ kind: 'received', id: 7 } as never);
    expect(transport.calls[0]).toEqual({ name: 'replay.open', args: { from: { kind: 'received', id: 7 } } });
    expect(store.getState()).toMatchObject({ name: 'From delivery 7', docVersion: 1, dirty: false, opening: false, openError: null });
    store.editRequest({ tamper: 'bad-signature' } as never);
    expect(store.getState()).toMatchObject({ dirty: true, request: { tamper: 'bad-signature' } });
  });

  it('says a draft that could not be opened', async () => {
    const { store, transport } = setup();
    transport.answer('replay.open', () => {
      throw new Error('no such delivery');
    });
    await store.openDraft({ kind: 'received', id: 9 } as never);
    expect(store.getState()).toMatchObject({ opening: false, openError: 'no such delivery', draft: null });
  });

  it('signs again on every edit while followed, marks the shown preview stale meanwhile, and stops when unfollowed', async () => {
    const { store, transport } = setup();
    const unfollow = store.follow();
    await store.openDraft({ kind: 'received', id: 7 } as never);
    await settle();
    expect(store.getState().preview).toEqual(preview('{"a":1}'));
    store.editRequest({ body: { kind: 'text', text: '{"a":2}' } });
    expect(store.getState().previewStale).toBe(true);
    await settle();
    expect(store.getState()).toMatchObject({ preview: preview('{"a":2}'), previewStale: false });

    // A key changed in Settings changes what the draft signs with.
    const signs = () => transport.calls.filter((c) => c.name === 'replay.sign').length;
    const before = signs();
    transport.emit('settings.changed', {} as never);
    await settle();
    expect(signs()).toBe(before + 1);

    unfollow();
    expect(transport.listeners()).toBe(0);
    store.editRequest({ body: { kind: 'text', text: '{"a":3}' } });
    await settle();
    expect(signs()).toBe(before + 1);
    expect(store.getState().preview).toEqual(preview('{"a":2}'));
  });

  it('saves as a new draft, then under its id, and keeps a failed save’s error', async () => {
    const { store, transport } = setup();
    await store.openDraft({ kind: 'received', id: 7 } as never);
    store.editDraft({ name: '  ' });
    expect(await store.saveDraft()).toBe(true);
    expect(transport.calls.at(-1)).toMatchObject({ name: 'replay.saveDraft', args: { id: null, name: 'From delivery 7' } });
    expect(store.getState()).toMatchObject({ draft: { id: 5 }, dirty: false, saving: false });
    store.editDraft({ name: 'Refund' });
    await store.saveDraft();
    expect(transport.calls.at(-1)).toMatchObject({ args: { id: 5, name: 'Refund' } });
    await store.saveDraft(true);
    expect(transport.calls.at(-1)).toMatchObject({ args: { id: null } });

    transport.answer('replay.saveDraft', () => {
      throw new Error('disk full');
    });
    expect(await store.saveDraft()).toBe(false);
    expect(store.getState()).toMatchObject({ saving: false, saveError: 'disk full' });
  });

  it('asks for a target before sending, names a send of more than one as a job, and keeps what came back', async () => {
    const { store, transport, jobIds } = setup();
    const sent = [{ id: 1 }, { id: 2 }] as unknown as ReplayDetail[];
    transport.answer('replay.send', () => ({ replays: sent }) as never);
    await store.openDraft({ kind: 'received', id: 7 } as never);
    await store.sendNow();
    expect(store.getState().sendError).toBe('Choose a target first.');
    expect(transport.calls.some((c) => c.name === 'replay.send')).toBe(false);

    store.editDraft({ targetUrl: 'http://127.0.0.1:3000/hook' });
    store.setSendOptions({ times: 2 });
    await store.sendNow();
    expect(transport.calls.at(-1)).toMatchObject({
      name: 'replay.send',
      args: { targetUrl: 'http://127.0.0.1:3000/hook', times: 2, mode: 'sequential', jobId: 'replay-1', origin: { kind: 'received' } },
    });
    expect(jobIds).toEqual(['replay-1']);
    expect(store.getState()).toMatchObject({ sending: false, sendJobId: null, sendError: null, lastSent: sent });
  });

  it('preselects the opened draft’s target once, never over the user’s choice', async () => {
    const { store, transport } = setup();
    transport.answer('replay.open', () => draft({ targetUrl: 'http://127.0.0.1:4000/saved' }));
    await store.openDraft({ kind: 'draft', id: 1 } as never);
    const targets = [target('http://127.0.0.1:4000/saved'), target('http://127.0.0.1:5000/other')];
    store.preselectDraftTarget(targets);
    expect(store.getState()).toMatchObject({ targetUrl: 'http://127.0.0.1:4000/saved', dirty: false });
    store.editDraft({ targetUrl: 'http://127.0.0.1:5000/other' });
    store.preselectDraftTarget(targets);
    expect(store.getState().targetUrl).toBe('http://127.0.0.1:5000/other');
  });

  it('follows a rename or delete of the draft it holds, and ignores other drafts', async () => {
    const { store, transport } = setup();
    transport.answer('replay.open', () => draft({ id: 3, name: 'Old' }));
    await store.openDraft({ kind: 'draft', id: 3 } as never);
    store.draftRenamed(4, 'Other');
    expect(store.getState().name).toBe('Old');
    store.draftRenamed(3, 'New');
    expect(store.getState()).toMatchObject({ name: 'New', draft: { id: 3, name: 'New' }, dirty: false });
    store.draftDeleted(3);
    expect(store.getState()).toMatchObject({ draft: { id: null, name: 'New' }, dirty: true });
  });
});
