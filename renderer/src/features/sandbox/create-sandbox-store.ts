import { create } from 'zustand';
import type { SandboxInfo, SandboxRunResult, SandboxScenario } from '../../../../shared/contract/sandbox';
import type { Transport } from '../../transport/transport';

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

export interface SandboxState {
  readonly info: SandboxInfo | null;
  readonly scenarios: SandboxScenario[];
  readonly loadError: string | null;
  readonly lastRun: RunRecord | null;
}

/** The Sandbox area's slice over a transport: connection info, scenario list, the last run's outcome. */
export function createSandboxStore(transport: Transport, jobs: { newJobId(prefix: string): string }) {
  const use = create<SandboxState>(() => ({
    info: null,
    scenarios: [],
    loadError: null,
    lastRun: null,
  }));
  const { getState, setState } = use;

  /** Reads info and scenarios again (on open, and when the sandbox's status changes). */
  async function loadSandbox(): Promise<void> {
    try {
      const info = await transport.call('sandbox.info', {});
      const scenarios = info.running ? (await transport.call('sandbox.scenarios', {})).scenarios : [];
      setState({ info, scenarios, loadError: null });
    } catch (error) {
      setState({ loadError: (error as Error).message });
    }
  }

  /**
   * Runs one action (scenario or custom event) under a job id of its own and records its
   * outcome for display. Runs may overlap (a scenario against a dead handler must not lock the
   * others): the latest one started is shown, an earlier one's answer is dropped.
   */
  async function recordRun(label: string, run: (jobId: string) => Promise<SandboxRunResult>, eventType: string | null = null): Promise<void> {
    const jobId = jobs.newJobId('sandbox');
    const settle = (patch: Partial<RunRecord>) =>
      setState((s) => (s.lastRun?.jobId === jobId ? { lastRun: { ...s.lastRun, ...patch, running: false } } : s));
    setState({ lastRun: { label, result: null, error: null, running: true, eventType, jobId } });
    try {
      settle({ result: await run(jobId) });
    } catch (error) {
      settle({ error: (error as Error).message });
    }
  }

  return { use, getState, loadSandbox, recordRun };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
