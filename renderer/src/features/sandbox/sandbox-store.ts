import { transport } from '../../transport';
import { newJobId } from '../../app-state/page-jobs';
import { createSandboxStore } from './create-sandbox-store';

export type { RunRecord } from './create-sandbox-store';

/** This page's Sandbox slice, over the page's one transport. */
export const sandboxStore = createSandboxStore(transport, { newJobId });
export const useSandboxStore = sandboxStore.use;
export const { loadSandbox, recordRun } = sandboxStore;
