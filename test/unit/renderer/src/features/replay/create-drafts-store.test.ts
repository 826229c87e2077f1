import { describe, expect, it } from 'vitest';
import type { DraftSummary } from '../../../../../../shared/contract/replay-drafts';
import { createDraftsStore } from '../../../../../../renderer/src/features/replay/create-drafts-store';
import { createFakeTransport } from '../../../support/fake-transport';

/** Drafts over a fake host holding `names`, beside an editor that records what it is told. */
function setup(names: string[]) {
  const transport = createFakeTransport();
  let drafts = names.map((name, i) => ({ id: i + 1, name }) as unknown as DraftSummary);
  transport.answer('replay.listDrafts', () => ({ drafts }));
  transport.answer('replay.renameDraft', ({ id, name }) => {
    drafts = drafts.map((d) => (d.id === id ? { ...d, name } : d));
    return { ok: true } as never;
  });
  transport.answer('replay.deleteDraft', ({ id }) => {
    drafts = drafts.filter((d) => d.id !== id);
    return { ok: true } as never;
  });
  const told: string[] = [];
  let saves = true;
  const editor = {
    saveDraft: async (asNew?: boolean) => (told.push(`save${asNew ? ' as new' : ''}`), saves),
    draftRenamed: (id: number, name: string) => void told.push(`renamed ${id} ${name}`),
    draftDeleted: (id: number) => void told.push(`deleted ${id}`),
  };
  const store = createDraftsStore(transport, editor);
  return { transport, store, told, failSaves: () => (saves = false) };
}

const names = (store: ReturnType<typeof setup>['store']) => store.getState().drafts?.map((d) => d.name);

describe('createDraftsStore', () => {
  it('lists the saved drafts, and again after a rename or delete, telling the editor', async () => {
    const { store, told } = setup(['a', 'b']);
    expect(store.getState().drafts).toBeNull();
    await store.loadDrafts();
    expect(names(store)).toEqual(['a', 'b']);
    await store.renameDraft(1, 'refund');
    expect(names(store)).toEqual(['refund', 'b']);
    await store.deleteDraft(2);
    expect(names(store)).toEqual(['refund']);
    expect(told).toEqual(['renamed 1 refund', 'deleted 2']);
  });

  it('leaves the editor alone when a rename is refused, and says a list that failed', async () => {
    const { store, transport, told } = setup(['a']);
    transport.answer('replay.renameDraft', () => {
      throw new Error('name taken');
    });
    await store.renameDraft(1, 'b');
    expect(names(store)).toEqual(['a']);
    expect(told).toEqual([]);
    transport.answer('replay.listDrafts', () => {
      throw new Error('database locked');
    });
    await store.loadDrafts();
    expect(store.getState().error).toBe('database locked');
  });

  it('lists again after the editor saved, and not after a failed save', async () => {
    const { store, transport, told, failSaves } = setup(['a']);
    await store.saveEditorDraft(true);
    expect(told).toEqual(['save as new']);
    expect(transport.calls.filter((c) => c.name === 'replay.listDrafts')).toHaveLength(1);
    failSaves();
    await store.saveEditorDraft();
    expect(transport.calls.filter((c) => c.name === 'replay.listDrafts')).toHaveLength(1);
  });
});
