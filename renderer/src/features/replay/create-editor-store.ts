import { create } from 'zustand';
import type { Draft, DraftOrigin, HeadersSpec, OpenSource, ReplayRequestSpec, SignPreview } from '../../../../shared/contract/replay-drafts';
import type { ReplayDetail } from '../../../../shared/contract/replay';
import type { ReplayTarget } from '../../../../shared/contract/replay-targets';
import { DEFAULT_REPLAY_METHOD } from '../../../../shared/contract/replay-drafts';
import { SERVICE_WEBHOOK_USER_AGENT } from '../../../../shared/service/webhooks';
import type { Transport } from '../../transport/transport';
import { createLatestWins } from '../../lib/latest-wins';
import { signsDifferently } from './editor-changes';
import { rememberedTargets, rememberTarget } from './replay-memory';
import { draftMemoryKey, preselectTarget } from './target-choice';

export interface SendOptions {
  readonly times: number;
  readonly mode: 'sequential' | 'concurrent';
  readonly intervalMs: number;
}

export interface EditorState {
  /** What was opened or saved last: its id (null until saved), origin and warnings. */
  readonly draft: Draft | null;
  readonly opening: boolean;
  readonly openError: string | null;
  /** Bumped whenever the body is replaced from outside the editor (open, revert). */
  readonly docVersion: number;
  readonly name: string;
  /** The request being edited, whole (method, body, headers, key, tamper), as the core takes it. */
  readonly request: ReplayRequestSpec;
  readonly targetUrl: string | null;
  /** The docVersion whose target was preselected (once per opened draft, never over a choice). */
  readonly targetPreselectedFor: number;
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly saveError: string | null;
  readonly preview: SignPreview | null;
  readonly previewError: string | null;
  /** The preview shown is for an older text (a newer one is being signed). */
  readonly previewStale: boolean;
  readonly sendOptions: SendOptions;
  readonly sending: boolean;
  /** The job of a send of more than one (its progress and Cancel), while it runs. */
  readonly sendJobId: string | null;
  readonly sendError: string | null;
  readonly lastSent: readonly ReplayDetail[];
}

export const DEFAULT_HEADERS: HeadersSpec = {
  eventId: { mode: 'keep' },
  eventCreated: { mode: 'keep' },
  contentType: 'application/json',
  userAgent: SERVICE_WEBHOOK_USER_AGENT,
  extra: [],
  removed: [],
};

const initial: EditorState = {
  draft: null,
  opening: false,
  openError: null,
  docVersion: 0,
  name: '',
  request: { method: DEFAULT_REPLAY_METHOD, body: { kind: 'text', text: '' }, headers: DEFAULT_HEADERS, key: { kind: 'current' }, tamper: 'none' },
  targetUrl: null,
  targetPreselectedFor: -1,
  dirty: false,
  saving: false,
  saveError: null,
  preview: null,
  previewError: null,
  previewStale: false,
  sendOptions: { times: 1, mode: 'sequential', intervalMs: 0 },
  sending: false,
  sendJobId: null,
  sendError: null,
  lastSent: [],
};

function originOf(s: EditorState): DraftOrigin | undefined {
  return s.draft?.origin;
}

/**
 * The Replay editor's slice over a transport: the request being edited, its signature preview,
 * the last send. `jobs.newJobId` names a send of more than one, so its progress is followed.
 */
export function createEditorStore(transport: Transport, jobs: { newJobId(prefix: string): string }) {
  const use = create<EditorState>(() => initial);
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

  /**
   * Keeps the signature preview in step: it follows every change of what decides the bytes and
   * headers, and every settings change (a key added, retired or removed in Settings changes what
   * the draft signs with). Returns the function that stops following (a preview still being
   * signed is then dropped).
   */
  function follow(): () => void {
    const signer = createLatestWins(
      (input: { request: ReplayRequestSpec; targetUrl: string | null; origin: DraftOrigin | undefined }) =>
        transport.call('replay.sign', { request: input.request, targetUrl: input.targetUrl, ...(input.origin ? { origin: input.origin } : {}) }),
      (preview) => setState({ preview, previewError: null, previewStale: false }),
      (error) => setState({ preview: null, previewError: (error as Error).message, previewStale: false }),
    );
    const resign = (s: EditorState) => signer.run({ request: s.request, targetUrl: s.targetUrl, origin: originOf(s) });
    const stops = [
      use.subscribe((s, prev) => {
        if (s.draft === null || !signsDifferently(s, prev)) return;
        if (s.preview && !s.previewStale) setState({ previewStale: true });
        resign(s);
      }),
      transport.subscribe('settings.changed', () => {
        const s = getState();
        if (s.draft !== null) resign(s);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      signer.dispose();
    };
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
    follow,
  };
}

export type EditorStore = ReturnType<typeof createEditorStore>;
