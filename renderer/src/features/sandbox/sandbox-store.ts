import { create } from 'zustand';
import type { SandboxInfo, SandboxRunResult, SandboxScenario } from '../../../../shared/contract/sandbox';
import { transport } from '../../transport';

/** What the last scenario or custom event did, as shown under the buttons. */
export interface RunRecord {
  readonly label: string;
  readonly result: SandboxRunResult | null;
  readonly error: string | null;
  readonly running: boolean;
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

/** Runs one action (scenario or custom event) and records its outcome for display. */
export async function recordRun(label: string, run: () => Promise<SandboxRunResult>, eventType: string | null = null): Promise<void> {
  useSandboxStore.setState({ lastRun: { label, result: null, error: null, running: true, eventType } });
  try {
    const result = await run();
    useSandboxStore.setState({ lastRun: { label, result, error: null, running: false, eventType } });
  } catch (error) {
    useSandboxStore.setState({ lastRun: { label, result: null, error: (error as Error).message, running: false, eventType } });
  }
}
