import { useState } from 'react';
import type { ProbeResult } from '../../../../shared/contract/live';
import { transport } from '../../transport';
import { Button, Notice } from '../../components/ui';

/** "Test the public URL now": one probe on demand, its answer in the user's words. */
export function ProbeNow() {
  const [result, setResult] = useState<ProbeResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await transport.call('live.probePublicUrl', {}));
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row" data-testid="probe-now">
      <Button disabled={busy} onClick={() => void run()} data-testid="probe-now-button">
        {busy ? 'Testing…' : 'Test the public URL now'}
      </Button>
      {result && result.reachable && (
        <Notice tone="ok" testId="probe-now-result" data-reachable="true">
          The service can reach this Hooklab: a probe sent to {result.publicUrl} came back in {Math.round(result.latencyMs ?? 0)} ms.
        </Notice>
      )}
      {result && !result.reachable && (
        <Notice tone="warn" testId="probe-now-result" data-reachable="false">
          Not reachable{result.publicUrl ? ` at ${result.publicUrl}` : ''}: {result.error}
        </Notice>
      )}
      {failure && <Notice tone="warn">{failure}</Notice>}
    </div>
  );
}
