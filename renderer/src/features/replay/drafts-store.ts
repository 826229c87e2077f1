import { create } from 'zustand';
import type { DraftSummary } from '../../../../shared/contract/replay-drafts';
import { transport } from '../../transport';
import { saveDraft, useEditorStore } from './editor-store';

interface DraftsState {
  readonly drafts: DraftSummary[] | null;
  readonly error: string | null;
}

/** Saved drafts (the core keeps them in the database, so they survive a restart). */
export const useDraftsStore = create<DraftsState>(() => ({ drafts: null, error: null }));

export async function loadDrafts(): Promise<void> {
  try {
    const { drafts } = await transport.call('replay.listDrafts', {});
    useDraftsStore.setState({ drafts, error: null });
  } catch (error) {
    useDraftsStore.setState({ error: (error as Error).message });
  }
}

export async function renameDraft(id: number, name: string): Promise<void> {
  try {
    await transport.call('replay.renameDraft', { id, name });
    const editor = useEditorStore.getState();
    if (editor.draft?.id === id) useEditorStore.setState({ name, draft: { ...editor.draft, name } });
  } catch (error) {
    useDraftsStore.setState({ error: (error as Error).message });
  }
  await loadDrafts();
}

export async function deleteDraft(id: number): Promise<void> {
  try {
    await transport.call('replay.deleteDraft', { id });
    const editor = useEditorStore.getState();
    // The editor keeps its content, now as an unsaved draft.
    if (editor.draft?.id === id) useEditorStore.setState({ draft: { ...editor.draft, id: null }, dirty: true });
  } catch (error) {
    useDraftsStore.setState({ error: (error as Error).message });
  }
  await loadDrafts();
}

/** Saves the editor's draft (as a new one with `asNew`), then lists the drafts again. */
export async function saveEditorDraft(asNew = false): Promise<void> {
  if (await saveDraft(asNew)) await loadDrafts();
}
