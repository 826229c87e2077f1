import { useState } from 'react';
import { sentElsewhereSlice, useSentElsewhere, useSentElsewhereStore } from '../app-state/sent-elsewhere-store';
import { useFollow } from '../app-state/store-root';
import { sentElsewhereText } from '../lib/sent-elsewhere';
import { transport } from '../transport';
import { Button, Notice } from './ui';

/**
 * One banner per URL the service sent the last hour's deliveries to instead of this Hooklab,
 * with the resend of exactly those (after the portal's URL is fixed, the service sends them to
 * it: interface 4.9).
 */
export function SentElsewhereBanner() {
  const sentElsewhere = useSentElsewhere();
  const value = useSentElsewhereStore((s) => s.value);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  useFollow(sentElsewhereSlice);
  if (!value || (value.groups.length === 0 && !outcome)) return null;
  const resend = async (url: string, eventIds: number[]) => {
    setBusy(url);
    setOutcome(null);
    try {
      const summary = await transport.call('history.resendMany', { ids: eventIds, concurrency: 4 });
      setOutcome(`Resent ${summary.total}: ${summary.delivered} delivered, ${summary.failed} not.${summary.problems[0] ? ` ${summary.problems[0].message}` : ''}`);
    } catch (error) {
      setOutcome(`Not resent: ${(error as Error).message}`);
    } finally {
      setBusy(null);
      sentElsewhere.refresh();
    }
  };
  return (
    <div data-testid="sent-elsewhere">
      {value.groups.map((g) => (
        <Notice
          key={g.url}
          tone="warn"
          role="alert"
          testId="sent-elsewhere-banner"
          data-url={g.url}
          action={
            <Button disabled={busy !== null} onClick={() => void resend(g.url, g.eventIds)} data-testid="sent-elsewhere-resend">
              {busy === g.url ? 'Resending…' : `Resend these ${g.eventIds.length}`}
            </Button>
          }
        >
          {sentElsewhereText(g, value.publicUrl)}
        </Notice>
      ))}
      {outcome && (
        <Notice testId="sent-elsewhere-outcome">{outcome}</Notice>
      )}
    </div>
  );
}
