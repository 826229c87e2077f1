import { create } from 'zustand';
import type { DraftSummary } from '../../../../shared/contract/replay-drafts';
import type { Transport } from '../../transport/transport';
import type { EditorStore } from './create-editor-store';

export interface DraftsState {
  readonly drafts: DraftSummary[] | null;
  readonly error: string | null;
}

/**
 * Saved drafts over a transport (the core keeps them in the database, so they survive a
 * restart). A rename or delete also tells the editor, which may hold the very draft.
 */
export function createDraftsStore(transport: Transport, editor: Pick<EditorStore, 'saveDraft' | 'draftRenamed' | 'draftDeleted'>) {
  const use = create<DraftsState>(() => ({ drafts: null, error: null }));
  const { getState, setState } = use;

  async function loadDrafts(): Promise<void> {
    try {
      const { drafts } = await transport.call('replay.listDrafts', {});
      setState({ drafts, error: null });
    } catch (error) {
      setState({ error: (error as Error).message });
    }
  }

  async function renameDraft(id: number, name: string): Promise<void> {
    try {
      await transport.call('replay.renameDraft', { id, name });
      editor.draftRenamed(id, name);
    } catch (error) {
      setState({ error: (error as Error).message });
    }
    await loadDrafts();
  }

  async function deleteDraft(id: number): Promise<void> {
    try {
      await transport.call('replay.deleteDraft', { id });
      editor.draftDeleted(id);
    } catch (error) {
      setState({ error: (error as Error).message });
    }
    await loadDrafts();
  }

  /** Saves the editor's draft (as a new one with `asNew`), then lists the drafts again. */
  async function saveEditorDraft(asNew = false): Promise<void> {
    if (await editor.saveDraft(asNew)) await loadDrafts();
  }

  return { use, getState, loadDrafts, renameDraft, deleteDraft, saveEditorDraft };
}

export type DraftsStore = ReturnType<typeof createDraftsStore>;
