import { transport } from '../../transport';
import { createDraftsStore } from './create-drafts-store';
import { editorStore } from './editor-store';

/** This page's saved drafts, over the page's one transport, beside its editor. */
export const draftsStore = createDraftsStore(transport, editorStore);
export const useDraftsStore = draftsStore.use;
export const { loadDrafts, renameDraft, deleteDraft, saveEditorDraft } = draftsStore;
