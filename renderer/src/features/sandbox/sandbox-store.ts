import { create } from 'zustand';
import type { SandboxInfo, SandboxRunResult, SandboxScenario } from '../../../../shared/contract/sandbox';
import { transport } from '../../transport';
import { newJobId } from '../../app-state/page-jobs';

/** What the last scenario or custom event did, as shown under the buttons. */
export interface RunRecord {
  readonly label: string;
  readonly result: SandboxRunResult | null;
  readonly error: string | null;
  readonly running: boolean;
  /** The run's job (a scenario's attempts are its progress; Cancel stops waiting for it). */
  readonly jobId: string;
  /** The type a custom event was sent with: its unlogged deliveries (no history entry) still show it. */
  readonly eventType: string | null;
}

interface SandboxState {
  readonly info: SandboxInfo | null;
  readonly scenarios: SandboxScenario[];
  readonly loadError: string | null;
  readonly lastRun: RunRecord | null;
}

/** The Sandbox area's slice: connection info, scenario list, the last run's outcome. */
export const useSandboxStore = create<SandboxState>(() => ({
  info: null,
  scenarios: [],
  loadError: null,
  lastRun: null,
}));

/** Reads info and scenarios again (on open, and when the sandbox's status changes). */
export async function loadSandbox(): Promise<void> {
  try {
    const info = await transport.call('sandbox.info', {});
    const scenarios = info.running ? (await transport.call('sandbox.scenarios', {})).scenarios : [];
    useSandboxStore.setState({ info, scenarios, loadError: null });
  } catch (error) {
    useSandboxStore.setState({ loadError: (error as Error).message });
  }
}

/**
 * Runs one action (scenario or custom event) under a job id of its own and records its
 * outcome for display. Runs may overlap (a scenario against a dead handler must not lock the
 * others): the latest one started is shown, an earlier one's answer is dropped.
 */
export async function recordRun(label: string, run: (jobId: string) => Promise<SandboxRunResult>, eventType: string | null = null): Promise<void> {
  const jobId = newJobId('sandbox');
  const settle = (patch: Partial<RunRecord>) =>
    useSandboxStore.setState((s) => (s.lastRun?.jobId === jobId ? { lastRun: { ...s.lastRun, ...patch, running: false } } : s));
  useSandboxStore.setState({ lastRun: { label, result: null, error: null, running: true, eventType, jobId } });
  try {
    settle({ result: await run(jobId) });
  } catch (error) {
    settle({ error: (error as Error).message });
  }
}
