import type { StoreApi } from 'zustand';
import type { DraftOrigin, ReplayRequestSpec } from '../../../../shared/contract/replay-drafts';
import type { Transport } from '../../transport/transport';
import { createLatestWins } from '../../lib/latest-wins';
import { signsDifferently } from './editor-changes';
import { originOf, type EditorState } from './editor-state';

/**
 * Keeps the signature preview in step: it follows every change of what decides the bytes and
 * headers, and every settings change (a key added, retired or removed in Settings changes what
 * the draft signs with). Returns the function that stops following (a preview still being
 * signed is then dropped).
 */
export function followSignaturePreview(transport: Transport, use: StoreApi<EditorState>): () => void {
  const { getState, setState } = use;
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
