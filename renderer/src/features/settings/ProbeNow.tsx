import { useEffect, useState } from 'react';
import { transport } from '../../transport';
import { Button, Notice } from '../../components/ui';

/**
 * "Test the public URL now": one probe on demand. Its verdict is the card's (the probe publishes
 * it like the periodic ones); only a test that found nothing to probe is said here, until the
 * public URL changes. With no public URL there is nothing to test: the button waits for one
 * and says why.
 */
export function ProbeNow({ publicUrl, state }: { publicUrl: string | null; state: string }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => setSaid(null), [publicUrl, state]);
  const run = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const result = await transport.call('live.probePublicUrl', {});
      if (result.publicUrl === null) setSaid(`Nothing to test: ${result.error ?? 'no public URL'}`);
    } catch (error) {
      setSaid(`Not tested: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row" data-testid="probe-now">
      <Button disabled={busy || publicUrl === null} onClick={() => void run()} data-testid="probe-now-button" aria-describedby={publicUrl === null ? 'probe-now-why' : undefined}>
        {busy ? 'Testing…' : 'Test the public URL now'}
      </Button>
      {publicUrl === null && (
        <span className="muted" id="probe-now-why" data-testid="probe-now-why">
          No public URL to test: turn the tunnel on, or set your own public URL.
        </span>
      )}
      {said && (
        <Notice tone="warn" testId="probe-now-result">
          {said}
        </Notice>
      )}
    </div>
  );
}
