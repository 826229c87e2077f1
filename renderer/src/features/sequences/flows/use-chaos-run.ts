import { useState } from 'react';
import {
  runChaosReplay,
  type ChaosReport,
  type ChaosSend,
} from '../../../../../shared/flows/chaos-run';
import { useTransport } from '../../../transport';
import type { OpenedScenario } from './scenario-files';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The chaos replay's form, as typed. */
export interface ChaosForm {
  readonly orderId: string;
  readonly seed: string;
  readonly duplicateRate: string;
  readonly maxDelayMs: string;
  readonly targetUrl: string;
  readonly stateUrl: string;
  readonly statePath: string;
}

/**
 * One chaos run: its sends as they happen, then the report; the form's numbers are clamped to
 * what the run takes. `error` is the form's one message line, set by the file buttons too.
 */
export function useChaosRun() {
  const transport = useTransport();
  const [sends, setSends] = useState<ChaosSend[]>([]);
  const [report, setReport] = useState<ChaosReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs the replay for what the form says, over the opened scenario file's events if there is one. */
  async function run(form: ChaosForm, scenario: OpenedScenario | null): Promise<void> {
    setBusy(true);
    setError(null);
    setReport(null);
    setSends([]);
    try {
      const result = await runChaosReplay(
        transport.call.bind(transport),
        sleep,
        {
          orderId: form.orderId.trim(),
          seed: Number.parseInt(form.seed, 10) || 0,
          duplicateRate: Math.min(1, Math.max(0, Number(form.duplicateRate) || 0)),
          maxDelayMs: Math.min(60_000, Math.max(0, Math.floor(Number(form.maxDelayMs) || 0))),
          targetUrl: form.targetUrl.trim(),
          stateUrl: form.stateUrl.trim() || null,
          statePath: form.statePath.trim() || null,
          ...(scenario ? { scenario: scenario.file } : {}),
        },
        (send) => setSends((list) => [...list, send]),
      );
      setReport(result);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return { sends, report, error, setError, busy, run };
}
