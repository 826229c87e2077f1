import { create } from 'zustand';
import type { KeyChoice } from '../../../../shared/contract/replay-drafts';
import type { CheckReport, CheckResult } from '../../../../shared/contract/replay-checks';
import { newJobId } from '../../app-state/page-jobs';
import { transport } from '../../transport';
import { lastCheckUrl, rememberCheckUrl } from './replay-memory';

interface CheckState {
  readonly url: string;
  readonly key: KeyChoice;
  readonly running: boolean;
  readonly jobId: string | null;
  /** Checks finished so far in the running job (progress events), in finishing order. */
  readonly done: readonly CheckResult[];
  readonly report: CheckReport | null;
  readonly error: string | null;
}

/** The handler check's slice: the URL, the key, progress and the last report (kept across tabs). */
export const useCheckStore = create<CheckState>(() => ({
  url: '',
  key: { kind: 'current' },
  running: false,
  jobId: null,
  done: [],
  report: null,
  error: null,
}));

/** Fills the URL field with the last one checked (or replayed to) while it is empty. */
export function prefillCheckUrl(): void {
  const last = lastCheckUrl();
  if (useCheckStore.getState().url === '' && last) useCheckStore.setState({ url: last });
}

export async function runHandlerCheck(): Promise<void> {
  const { url, key } = useCheckStore.getState();
  rememberCheckUrl(url.trim());
  const jobId = newJobId('check');
  useCheckStore.setState({ running: true, jobId, done: [], report: null, error: null });
  // Progress comes through the jobs store (job.progress); each check's result comes here.
  const stop = transport.subscribe('replay.checkResult', (r) => {
    if (r.jobId !== jobId) return;
    useCheckStore.setState((s) => ({ done: [...s.done, r.check] }));
  });
  try {
    const report = await transport.call('replay.checkHandler', { url: url.trim(), key, jobId });
    useCheckStore.setState({ report, running: false });
  } catch (error) {
    useCheckStore.setState({ error: (error as Error).message, running: false });
  } finally {
    stop();
  }
}
