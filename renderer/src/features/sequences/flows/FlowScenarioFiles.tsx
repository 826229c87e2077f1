import { useState } from 'react';
import { useFlowsStore } from './flows-store';
import { openScenarioFile, saveOrderScenario } from './scenario-file-actions';
import { flowScenarioBlocker } from './scenario-files';
import { ScenarioFileButtons } from './ScenarioFileButtons';

/**
 * The flow's scenario files, with the chaos replay's words and code: **Save as scenario file**
 * writes the flow's order's received events (as `hooklab scenario record` does), **Open scenario
 * file…** loads a file into the chaos replay and goes there (`onOpened`), to run it against your
 * handler.
 */
export function FlowScenarioFiles({ onOpened }: { onOpened: () => void }) {
  const { order, events } = useFlowsStore();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blocker = flowScenarioBlocker(order, events);

  async function save(): Promise<void> {
    setError(null);
    setBusy(true);
    try {
      await saveOrderScenario(order.orderId!);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function open(input: HTMLInputElement): Promise<void> {
    const chosen = input.files?.[0];
    input.value = '';
    if (!chosen) return;
    setError(null);
    const opened = await openScenarioFile(chosen);
    if (opened.ok) onOpened();
    else setError(opened.error);
  }

  return (
    <div className="card" data-testid="flow-scenario-files">
      <h2 className="card__title">Scenario file</h2>
      <p className="muted">
        The order&apos;s received events, exact bytes and gaps, as a file for <span className="mono">hooklab scenario run</span>; or a
        saved file opened in the chaos replay, to run against your handler.
      </p>
      <div className="row">
        <ScenarioFileButtons
          saveBlocked={blocker}
          busy={busy}
          onSave={() => void save()}
          onOpen={(input) => void open(input)}
          openTitle="Open a scenario file (hooklab scenario record, or saved here) in the chaos replay"
          testIdPrefix="flow"
        />
        {blocker && (
          <span className="muted" data-testid="flow-scenario-blocker">
            {blocker}.
          </span>
        )}
      </div>
      {error && <p className="notice notice--error">{error}</p>}
    </div>
  );
}
