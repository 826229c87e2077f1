import type { Transport } from '../transport/transport';
import { createStoreRoot, type StoreRoot } from '../app-state/store-root';
import { hrefFor, navigate } from '../app-state/routes';
import { createStatusStore, type StatusStoreOptions } from '../app-state/create-status-store';
import { statusSlice } from '../app-state/status-store';
import { createPendingStore, type PendingStoreOptions } from '../app-state/create-pending-store';
import { pendingSlice } from '../app-state/pending-store';
import { createJobsStore } from '../app-state/jobs-store';
import { jobsSlice, newJobId } from '../app-state/page-jobs';
import { createImportStore } from '../app-state/create-import-store';
import { importSlice } from '../app-state/import-store';
import { createSentElsewhereStore } from '../app-state/create-sent-elsewhere-store';
import { sentElsewhereSlice } from '../app-state/sent-elsewhere-store';
import { createPageMemory, pageMemorySlice } from '../app-state/page-memory';
import { createLiveStore } from '../features/live/create-live-store';
import { liveSlice } from '../features/live/live-store';
import { createHistoryStore } from '../features/history/create-history-store';
import { historySlice } from '../features/history/history-store';
import { createEditorStore } from '../features/replay/create-editor-store';
import { editorSlice } from '../features/replay/editor-store';
import { createDraftsStore } from '../features/replay/create-drafts-store';
import { draftsSlice } from '../features/replay/drafts-store';
import { createCheckStore } from '../features/replay/create-check-store';
import { checkSlice } from '../features/replay/check-store';
import { createReplayHistoryStore } from '../features/replay/create-replay-history-store';
import { replayHistorySlice } from '../features/replay/replay-history-store';
import { createSandboxStore } from '../features/sandbox/create-sandbox-store';
import { sandboxSlice } from '../features/sandbox/sandbox-store';
import { createSequencesStore } from '../features/sequences/create-sequences-store';
import { sequencesSlice } from '../features/sequences/sequences-store';
import { createFlowsStore } from '../features/sequences/flows/create-flows-store';
import { flowsSlice } from '../features/sequences/flows/flows-store';

/** What the page does beside the stores (the real page sets the title and marks itself ready). */
export interface PageHooks extends StatusStoreOptions, PendingStoreOptions {
  /** When live events are applied (tests run frames by hand); the next animation frame if unset. */
  readonly frame?: (cb: () => void) => unknown;
}

/**
 * The renderer's composition root: every slice of one page, built once over its transport. The
 * page builds one (main.tsx); a test or a second window builds its own and shares nothing.
 * Nothing follows the core here: the shell and each page ask the root (`useFollow`).
 */
export function composeStores(transport: Transport, page: PageHooks = {}): StoreRoot {
  const root = createStoreRoot(transport);
  const frame = page.frame === undefined ? {} : { frame: page.frame };
  root.add(statusSlice, createStatusStore(transport, page));
  root.add(pendingSlice, createPendingStore(transport, page));
  const jobs = root.add(jobsSlice, createJobsStore(transport));
  root.add(
    importSlice,
    createImportStore(transport, (outcome) => {
      if (outcome.firstId !== null) navigate(hrefFor('live', String(outcome.firstId)));
    }),
  );
  root.add(sentElsewhereSlice, createSentElsewhereStore(transport));
  root.add(pageMemorySlice, createPageMemory());
  root.add(liveSlice, createLiveStore(transport, frame));
  root.add(historySlice, createHistoryStore(transport, { newJobId, refresh: jobs.refresh }));
  const editor = root.add(editorSlice, createEditorStore(transport, { newJobId }));
  root.add(draftsSlice, createDraftsStore(transport, editor));
  root.add(checkSlice, createCheckStore(transport, { newJobId }));
  root.add(replayHistorySlice, createReplayHistoryStore(transport, frame));
  root.add(sandboxSlice, createSandboxStore(transport, { newJobId }));
  root.add(sequencesSlice, createSequencesStore(transport));
  root.add(flowsSlice, createFlowsStore(transport));
  return root;
}
