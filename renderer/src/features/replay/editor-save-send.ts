import type { StoreApi } from 'zustand';
import type { Transport } from '../../transport/transport';
import { rememberTarget } from './replay-memory';
import { draftMemoryKey } from './target-choice';
import { originOf, type EditorState } from './editor-state';

/**
 * What leaves the editor: the draft saved to the core, the request sent to its target (the
 * target used is remembered for the draft). `jobs.newJobId` names a send of more than one.
 */
export function createSaveAndSend(transport: Transport, jobs: { newJobId(prefix: string): string }, use: StoreApi<EditorState>) {
  const { getState, setState } = use;

  /** Saves the editor as a draft (a new one when never saved, or `asNew`). */
  async function saveDraft(asNew = false): Promise<boolean> {
    const s = getState();
    const name = s.name.trim() || s.draft?.name || 'Untitled draft';
    setState({ saving: true, saveError: null });
    try {
      const saved = await transport.call('replay.saveDraft', {
        id: asNew ? null : (s.draft?.id ?? null),
        name,
        request: s.request,
        targetUrl: s.targetUrl,
        ...(s.draft ? { origin: s.draft.origin } : {}),
      });
      setState({ draft: saved, name: saved.name, saving: false, dirty: false });
      if (saved.targetUrl) rememberTarget(draftMemoryKey(saved), saved.targetUrl);
      return true;
    } catch (error) {
      setState({ saving: false, saveError: (error as Error).message });
      return false;
    }
  }

  /** Sends the request to the chosen target, N times as configured; results stay in `lastSent`. */
  async function sendNow(): Promise<void> {
    const s = getState();
    if (!s.targetUrl) {
      setState({ sendError: 'Choose a target first.' });
      return;
    }
    const jobId = s.sendOptions.times > 1 ? jobs.newJobId('replay') : null;
    setState({ sending: true, sendError: null, sendJobId: jobId });
    try {
      const origin = originOf(s);
      const { replays } = await transport.call('replay.send', {
        request: s.request,
        targetUrl: s.targetUrl,
        ...s.sendOptions,
        draftId: s.draft?.id ?? null,
        ...(origin ? { origin } : {}),
        ...(jobId ? { jobId } : {}),
      });
      setState({ sending: false, sendJobId: null, lastSent: replays });
      if (s.draft) rememberTarget(draftMemoryKey(s.draft), s.targetUrl);
    } catch (error) {
      setState({ sending: false, sendJobId: null, sendError: (error as Error).message });
    }
  }

  return { saveDraft, sendNow };
}
