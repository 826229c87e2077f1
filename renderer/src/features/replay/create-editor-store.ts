import { create } from 'zustand';
import type { Draft, OpenSource, ReplayRequestSpec } from '../../../../shared/contract/replay-drafts';
import type { ReplayTarget } from '../../../../shared/contract/replay-targets';
import type { Transport } from '../../transport/transport';
import { rememberedTargets, rememberTarget } from './replay-memory';
import { draftMemoryKey, preselectTarget } from './target-choice';
import { INITIAL_EDITOR, type EditorState, type SendOptions } from './editor-state';
import { followSignaturePreview } from './editor-signature-preview';
import { createSaveAndSend } from './editor-save-send';

export type { EditorState, SendOptions } from './editor-state';

/**
 * The Replay editor's slice over a transport: the request being edited, its signature preview,
 * the last send. `jobs.newJobId` names a send of more than one, so its progress is followed.
 */
export function createEditorStore(transport: Transport, jobs: { newJobId(prefix: string): string }) {
  const use = create<EditorState>(() => INITIAL_EDITOR);
  const { getState, setState } = use;

  function load(draft: Draft): void {
    setState((s) => ({
      draft,
      opening: false,
      openError: null,
      docVersion: s.docVersion + 1,
      name: draft.name,
      request: draft.request,
      targetUrl: draft.targetUrl,
      dirty: false,
      saveError: null,
      sendError: null,
      lastSent: [],
    }));
  }

  /** Opens a draft from a delivery, template, fixture or saved draft (replacing the editor's content). */
  async function openDraft(from: OpenSource): Promise<void> {
    setState({ opening: true, openError: null });
    try {
      load(await transport.call('replay.open', { from }));
    } catch (error) {
      setState({ opening: false, openError: (error as Error).message });
    }
  }

  /** Edits of the request (any of its parts); each marks the draft unsaved and refreshes the signature. */
  function editRequest(patch: Partial<ReplayRequestSpec>): void {
    setState((s) => ({ request: { ...s.request, ...patch }, dirty: true }));
  }

  /** Edits of what is around the request: the draft's name and the target (remembered for this draft). */
  function editDraft(patch: Partial<Pick<EditorState, 'targetUrl' | 'name'>>): void {
    setState((s) => ({ ...patch, dirty: true, targetPreselectedFor: s.docVersion }));
    const { draft } = getState();
    if (patch.targetUrl && draft) rememberTarget(draftMemoryKey(draft), patch.targetUrl);
  }

  /**
   * Preselects the opened draft's target once the targets are known (see preselectTarget): once
   * per opened draft, and never over a target the user chose meanwhile. Not an edit: the draft
   * stays saved.
   */
  function preselectDraftTarget(targets: readonly ReplayTarget[]): void {
    const s = getState();
    if (s.draft === null || s.targetPreselectedFor === s.docVersion) return;
    const targetUrl = preselectTarget({ ...rememberedTargets(draftMemoryKey(s.draft)), saved: s.draft.targetUrl }, targets);
    setState({ targetUrl, targetPreselectedFor: s.docVersion });
  }

  function setSendOptions(patch: Partial<SendOptions>): void {
    setState((s) => ({ sendOptions: { ...s.sendOptions, ...patch } }));
  }

  const { saveDraft, sendNow } = createSaveAndSend(transport, jobs, use);

  /** A saved draft was renamed in the list: the editor, when it holds that draft, takes the name. */
  function draftRenamed(id: number, name: string): void {
    const { draft } = getState();
    if (draft?.id === id) setState({ name, draft: { ...draft, name } });
  }

  /** A saved draft was deleted: the editor, when it holds that draft, keeps its content as an unsaved draft. */
  function draftDeleted(id: number): void {
    const { draft } = getState();
    if (draft?.id === id) setState({ draft: { ...draft, id: null }, dirty: true });
  }

  return {
    use,
    getState,
    openDraft,
    editRequest,
    editDraft,
    preselectDraftTarget,
    setSendOptions,
    saveDraft,
    sendNow,
    draftRenamed,
    draftDeleted,
    follow: () => followSignaturePreview(transport, use),
  };
}

export type EditorStore = ReturnType<typeof createEditorStore>;
