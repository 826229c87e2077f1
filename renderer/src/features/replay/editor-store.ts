import { transport } from '../../transport';
import { newJobId } from '../../app-state/page-jobs';
import { createEditorStore } from './create-editor-store';

/** This page's Replay editor slice, over the page's one transport. */
export const editorStore = createEditorStore(transport, { newJobId });
export const useEditorStore = editorStore.use;
export const { openDraft, editRequest, editDraft, preselectDraftTarget, setSendOptions, sendNow } = editorStore;

let following = false;

/**
 * Keeps the signature preview in step from the Replay page's first visit on (idempotent): the
 * one follow of this page's store.
 */
export function followEditor(): void {
  if (following) return;
  following = true;
  editorStore.follow();
}
