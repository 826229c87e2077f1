import { useState } from 'react';
import type { CallResult } from '../../../shared/contract';
import type { ScenarioFile } from '../../../shared/scenario/scenario-file';
import { download } from '../lib/download';
import { useTransport } from '../transport';
import { CopyButton } from './CopyButton';
import './regression-test.css';

type Framework = 'vitest' | 'jest';

/**
 * **Make a regression test** for an order (Sequences' order, Live's delivery's order): the test
 * file `scenario.regressionTest` writes, saved through the save dialog (desktop) or as a
 * download (browser), then the command that runs it, to copy. `redact` replaces the buyer's
 * personal data with pseudonyms, for a file to share or commit. From a scenario (the failing-order
 * search's minimal sequence) with its expectations and state URL, the test checks those instead.
 */
export function RegressionTestButton({
  orderId,
  scenario,
  expect,
  expectState,
  testIdPrefix,
}: {
  orderId?: string;
  scenario?: ScenarioFile;
  expect?: readonly string[];
  expectState?: string;
  testIdPrefix: string;
}) {
  const transport = useTransport();
  const [framework, setFramework] = useState<Framework>('vitest');
  const [redact, setRedact] = useState(false);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<CallResult<'scenario.regressionTest'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  const make = async () => {
    setBusy(true);
    setError(null);
    setMade(null);
    try {
      const test = await transport.call('scenario.regressionTest', {
        ...(orderId !== undefined ? { orderId } : {}),
        ...(scenario !== undefined ? { scenario } : {}),
        ...(expect !== undefined && expect.length > 0 ? { expect: [...expect] } : {}),
        ...(expectState ? { expectState } : {}),
        framework,
        redact,
      });
      download(test.text, test.fileName, 'text/plain');
      setMade(test);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="regression-test" data-testid={`${testIdPrefix}-regression-test`}>
      <div className="row">
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => void make()}
          title={`A test file for your own suite: ${scenario ? 'these events' : "this order's events as received"}, sent signed to your handler, then its state checked`}
          data-testid={`${testIdPrefix}-make-regression-test`}
        >
          {busy ? 'Writing the test…' : 'Make a regression test'}
        </button>
        <label className="muted">
          for{' '}
          <select value={framework} onChange={(e) => setFramework(e.currentTarget.value as Framework)} data-testid={`${testIdPrefix}-regression-framework`}>
            <option value="vitest">Vitest</option>
            <option value="jest">Jest</option>
          </select>
        </label>
        <label className="muted" title="Replace the buyer's name, phone, e-mail, external id, invoice data, notes and card holder with consistent pseudonyms">
          <input type="checkbox" checked={redact} onChange={(e) => setRedact(e.currentTarget.checked)} data-testid={`${testIdPrefix}-regression-redact`} /> redact personal data
        </label>
      </div>
      {made && (
        <div className="notice regression-test__saved" role="status" data-testid={`${testIdPrefix}-regression-saved`}>
          <p>
            Saved <span className="mono">{made.fileName}</span>. Put it beside your tests, start your handler, and run it with your handler's
            URL and key:
          </p>
          <div className="row">
            <code className="mono regression-test__command" data-testid={`${testIdPrefix}-regression-command`}>
              {made.runCommand}
            </code>
            <CopyButton text={made.runCommand} label="Copy command" testId={`${testIdPrefix}-regression-copy`} />
          </div>
          <p className="muted">
            It reads your handler&apos;s state from HOOKLAB_STATE_URL (a JSON endpoint) and expects{' '}
            {expect && expect.length > 0 ? 'what you asked for above' : 'the states this order shows here'}.
          </p>
        </div>
      )}
      {error && (
        <p className="notice notice--error" data-testid={`${testIdPrefix}-regression-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
