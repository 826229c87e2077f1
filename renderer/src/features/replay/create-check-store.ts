import { create } from 'zustand';
import type { CheckReport, CheckResult } from '../../../../shared/contract/replay-checks';
import type { KeyChoice } from '../../../../shared/contract/replay-drafts';
import type { Transport } from '../../transport/transport';
import { lastCheckUrl, rememberCheckUrl } from './replay-memory';

export interface CheckState {
  readonly url: string;
  readonly key: KeyChoice;
  readonly running: boolean;
  readonly jobId: string | null;
  /** Checks finished so far in the running job (progress events), in finishing order. */
  readonly done: readonly CheckResult[];
  readonly report: CheckReport | null;
  readonly error: string | null;
}

/** The handler check's slice over a transport: the URL, the key, progress and the last report (kept across tabs). */
export function createCheckStore(transport: Transport, jobs: { newJobId(prefix: string): string }) {
  const use = create<CheckState>(() => ({
    url: '',
    key: { kind: 'current' },
    running: false,
    jobId: null,
    done: [],
    report: null,
    error: null,
  }));
  const { getState, setState } = use;

  /** Fills the URL field with the last one checked (or replayed to) while it is empty. */
  function prefillCheckUrl(): void {
    const last = lastCheckUrl();
    if (getState().url === '' && last) setState({ url: last });
  }

  async function runHandlerCheck(): Promise<void> {
    const { url, key } = getState();
    rememberCheckUrl(url.trim());
    const jobId = jobs.newJobId('check');
    setState({ running: true, jobId, done: [], report: null, error: null });
    // Progress comes through the jobs store (job.progress); each check's result comes here.
    const stop = transport.subscribe('replay.checkResult', (r) => {
      if (r.jobId !== jobId) return;
      setState((s) => ({ done: [...s.done, r.check] }));
    });
    try {
      const report = await transport.call('replay.checkHandler', { url: url.trim(), key, jobId });
      setState({ report, running: false });
    } catch (error) {
      setState({ error: (error as Error).message, running: false });
    } finally {
      stop();
    }
  }

  return { use, getState, prefillCheckUrl, runHandlerCheck };
}

export type CheckStore = ReturnType<typeof createCheckStore>;
