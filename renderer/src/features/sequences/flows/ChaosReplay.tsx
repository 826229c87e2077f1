import { useEffect, useState, type ComponentProps } from 'react';
import { ScenarioFileButtons } from './ScenarioFileButtons';
import { useSettingsView } from '../../../app-state/use-settings-view';
import { ChaosVerdict } from './ChaosVerdict';
import { FailingOrderSearch } from './FailingOrderSearch';
import { TextField } from './TextField';
import { useFlowsStore } from './flows-store';
import { closeScenario, openScenarioFile, saveOrderScenario, useOpenedScenario } from './scenario-file-actions';
import { ChaosSends } from './ChaosSends';
import { useChaosRun, type ChaosForm } from './use-chaos-run';

const randomSeed = () => String(Math.floor(Math.random() * 1_000_000));

/**
 * Chaos replay: a recorded order's events re-sent to your handler shuffled, with duplicates
 * and delays from a seed (the same seed, the same run), each through Replay's engine, signed
 * as the service signs. Then your handler's own view of the order (optional state URL) beside
 * the state the events lead to: did it end right under at-least-once, out-of-order delivery?
 */
export function ChaosReplay() {
  const flowOrderId = useFlowsStore((s) => s.order.orderId);
  // A scenario file opened here or from a flow: its events are sent instead of the order's received ones.
  const scenario = useOpenedScenario((s) => s.scenario);
  const [form, setForm] = useState<ChaosForm>({
    orderId: scenario?.file.source.orderId ?? flowOrderId ?? '',
    seed: randomSeed(),
    duplicateRate: '0.3',
    maxDelayMs: '200',
    targetUrl: '',
    stateUrl: '',
    statePath: '',
  });
  const { sends, report, error, setError, busy, run } = useChaosRun();
  /** One of the form's text fields, bound to its value. */
  const field = (name: keyof typeof form, label: string, props: Pick<ComponentProps<typeof TextField>, 'testId' | 'placeholder' | 'inputMode'> = {}) => (
    <TextField label={label} value={form[name]} onChange={(value) => setForm({ ...form, [name]: value })} {...props} />
  );
  // The handler field starts from the listener's first forward target (where deliveries go
  // already), once the settings are read, unless the user typed meanwhile.
  const forwardTargets = useSettingsView()?.settings.listener.forwardTargets;
  const firstForward = forwardTargets?.[0] ?? '';
  useEffect(() => {
    if (firstForward) setForm((f) => (f.targetUrl === '' ? { ...f, targetUrl: firstForward } : f));
  }, [firstForward]);

  /** The order's received events as a scenario file, for `hooklab scenario run` in a test or CI. */
  async function saveScenario(): Promise<void> {
    setError(null);
    try {
      await saveOrderScenario(form.orderId.trim());
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function openScenario(input: HTMLInputElement): Promise<void> {
    const chosen = input.files?.[0];
    input.value = '';
    if (!chosen) return;
    setError(null);
    const opened = await openScenarioFile(chosen);
    if (!opened.ok) {
      setError(opened.error);
      return;
    }
    const orderId = opened.scenario.file.source.orderId;
    if (orderId) setForm((f) => ({ ...f, orderId }));
  }

  return (
    <div className="card" data-testid="chaos-replay">
      <h2 className="card__title">Chaos replay</h2>
      <p className="muted">
        Re-sends the order&apos;s received events to your handler shuffled, some twice, each after a delay, all drawn from the
        seed: the same seed repeats the run exactly. Each send goes through Replay (signed with the key that verified the
        original, event id and created time kept) and is in Replay&apos;s history.
      </p>
      <form className="flow-form" onSubmit={(e) => {
          e.preventDefault();
          void run(form, scenario);
        }}>
        {field('orderId', 'Order id', { testId: 'chaos-order' })}
        {field('seed', 'Seed', { inputMode: 'numeric', testId: 'chaos-seed' })}
        {field('duplicateRate', 'Duplicate rate (0-1)', { inputMode: 'decimal' })}
        {field('maxDelayMs', 'Max delay (ms)', { inputMode: 'numeric' })}
        {field('targetUrl', 'Your handler (target URL)', {
          testId: 'chaos-target',
          placeholder: forwardTargets && forwardTargets.length === 0 ? 'no forward target in Settings → Listener: type the URL' : undefined,
        })}
        {field('stateUrl', 'Its state URL (optional, GET → JSON)', { testId: 'chaos-state-url' })}
        {field('statePath', 'Where the order is in it (optional path)', {
          testId: 'chaos-state-path',
          placeholder: 'orders.{orderId} (default: the top level, order or orders.<id>)',
        })}
        <div className="row flow-form__wide">
          <button type="submit" className="button button--primary" disabled={busy || (form.orderId.trim() === '' && !scenario) || form.targetUrl.trim() === ''} data-testid="chaos-run">
            {busy ? `Sending… ${sends.length}` : 'Run chaos replay'}
          </button>
          <ScenarioFileButtons
            saveBlocked={form.orderId.trim() === '' ? 'Type the order id first' : null}
            busy={busy}
            onSave={() => void saveScenario()}
            onOpen={(input) => void openScenario(input)}
            openTitle="Send a scenario file's events (hooklab scenario record) instead of the order's"
            testIdPrefix="chaos"
          />
          {scenario && (
            <span data-testid="chaos-scenario">
              {scenario.name}: {scenario.file.events.length} events{' '}
              <button type="button" className="button button--small" onClick={closeScenario}>
                Use the order instead
              </button>
            </span>
          )}
        </div>
      </form>
      {error && <p className="notice notice--error">{error}</p>}
      {sends.length > 0 && <ChaosSends sends={sends} />}
      {report && (
        <>
          {report.skipped.map((s, i) => (
            <p key={i} className="notice notice--warn">
              {s.type} not replayed: {s.reason}.
            </p>
          ))}
          <ChaosVerdict report={report} />
        </>
      )}
      <FailingOrderSearch orderId={form.orderId.trim()} scenario={scenario} targetUrl={form.targetUrl.trim()} stateUrl={form.stateUrl.trim()} />
    </div>
  );
}
