import { useEffect } from 'react';
import { useStatusStore } from '../../app-state/status-store';
import { RunResult } from './RunResult';
import { ScenariosCard } from './ScenariosCard';
import { useSandbox } from './sandbox-store';
import './sandbox.css';

/**
 * The sandbox's scenario buttons with the last run's outcome, as other areas embed them (the
 * shell hands it to Sequences → Flows, so that feature does not import this one).
 */
export function SandboxScenarios() {
  const { loadSandbox } = useSandbox();
  const environmentId = useStatusStore((s) => s.status?.host.environment?.id);
  const sandboxState = useStatusStore((s) => s.status?.sandbox.state);
  useEffect(() => {
    void loadSandbox();
  }, [loadSandbox, environmentId, sandboxState]);
  return (
    <div className="sandbox-run">
      <ScenariosCard />
      <RunResult />
    </div>
  );
}
