import { useEffect, useState } from 'react';
import { transport } from '../../transport';
import { Button, Notice } from '../../components/ui';

/**
 * "Test the public URL now": one probe on demand. Its verdict is the card's (the probe publishes
 * it like the periodic ones); only a test that found nothing to probe is said here, until the
 * public URL changes.
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
      <Button disabled={busy} onClick={() => void run()} data-testid="probe-now-button">
        {busy ? 'Testing…' : 'Test the public URL now'}
      </Button>
      {said && (
        <Notice tone="warn" testId="probe-now-result">
          {said}
        </Notice>
      )}
    </div>
  );
}
