import { useTransport } from '../../transport';
import { useSandbox, useSandboxStore } from './sandbox-store';

/** One button per scenario the sandbox offers, with its description. */
export function ScenariosCard() {
  const { recordRun } = useSandbox();
  const transport = useTransport();
  const scenarios = useSandboxStore((s) => s.scenarios);
  return (
    <div className="card" data-testid="sandbox-scenarios">
      <h2 className="card__title">Scenarios</h2>
      {scenarios.length === 0 && <p className="muted">The sandbox offers no scenarios.</p>}
      <div className="scenario-list">
        {scenarios.map((s) => (
          <div key={s.name} className="scenario">
            <button
              type="button"
              className="button scenario__button"
              data-testid={`scenario-${s.name}`}
              onClick={() => void recordRun(s.name, (jobId) => transport.call('sandbox.runScenario', { name: s.name, jobId }))}
            >
              <span aria-hidden="true">▶</span> {s.name}
            </button>
            <span className="muted">{s.description}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
