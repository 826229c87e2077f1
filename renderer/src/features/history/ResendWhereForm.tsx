import { useState } from 'react';
import { EVENT_TYPES } from '../../../../shared/service/enums';
import type { ResendEstimate } from '../../../../shared/contract/history';
import { transport } from '../../transport';
import { useHistory } from './history-store';
import { Button, Count, Notice } from '../../components/ui';
import { EMPTY_RESEND_FORM, toResendWhere, type ResendForm } from './resend-where-form';

/**
 * History → Resend…: choose deliveries by the service's own fields, see the estimate (a dry
 * run), then resend once per event as a job at a chosen rate (progress in BulkResend).
 */
export function ResendWhereForm({ onClose }: { onClose: () => void }) {
  const { followResendJob } = useHistory();
  const [form, setForm] = useState<ResendForm>(EMPTY_RESEND_FORM);
  const [estimate, setEstimate] = useState<{ of: ResendForm; counts: ResendEstimate } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<ResendForm>) => setForm((f) => ({ ...f, ...patch }));
  const parsed = toResendWhere(form);
  const current = estimate !== null && estimate.of === form;

  const estimateNow = async () => {
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    try {
      const counts = await transport.call('history.resendWhere', { where: parsed.where, dryRun: true });
      setEstimate({ of: form, counts });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const run = async () => {
    if ('error' in parsed) return;
    try {
      const started = await transport.call('history.resendWhere', { where: parsed.where, ratePerSecond: parsed.ratePerSecond });
      if ('jobId' in started) followResendJob(started.jobId);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <form className="card resend-where" data-testid="resend-where" onSubmit={(e) => (e.preventDefault(), void estimateNow())}>
      <h2 className="card__title">Resend deliveries by what the service logged</h2>
      <div className="resend-where__grid">
        <label>
          Event type
          <input list="resend-event-types" value={form.eventType} onChange={(e) => set({ eventType: e.target.value })} data-testid="rw-event-type" placeholder="any" />
          <datalist id="resend-event-types">
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </label>
        <label>
          Delivered
          <select value={form.delivered} onChange={(e) => set({ delivered: e.target.value as ResendForm['delivered'] })} data-testid="rw-delivered">
            <option value="any">either</option>
            <option value="yes">delivered</option>
            <option value="no">not delivered</option>
          </select>
        </label>
        <label>
          Response status
          <span className="row">
            <input inputMode="numeric" size={4} value={form.statusFrom} onChange={(e) => set({ statusFrom: e.target.value })} placeholder="from" data-testid="rw-status-from" />
            <input inputMode="numeric" size={4} value={form.statusTo} onChange={(e) => set({ statusTo: e.target.value })} placeholder="to" data-testid="rw-status-to" />
          </span>
        </label>
        <label>
          Created from
          <input type="datetime-local" value={form.createdFrom} onChange={(e) => set({ createdFrom: e.target.value })} data-testid="rw-created-from" />
        </label>
        <label>
          Created to
          <input type="datetime-local" value={form.createdTo} onChange={(e) => set({ createdTo: e.target.value })} data-testid="rw-created-to" />
        </label>
        <label>
          URL contains
          <input value={form.url} onChange={(e) => set({ url: e.target.value })} placeholder="any" data-testid="rw-url" />
        </label>
        <label className="row">
          <input type="checkbox" checked={form.pendingOnly} onChange={(e) => set({ pendingOnly: e.target.checked })} data-testid="rw-pending-only" />
          Only events with no successful delivery
        </label>
        <label>
          Rate (resends per second)
          <input inputMode="decimal" size={5} value={form.rate} onChange={(e) => set({ rate: e.target.value })} data-testid="rw-rate" />
        </label>
      </div>
      {error && <Notice tone="error" testId="rw-error">{error}</Notice>}
      {current && (
        <p data-testid="rw-estimate">
          <Count n={estimate.counts.deliveries} /> deliveries of <Count n={estimate.counts.events} /> events match: <Count n={estimate.counts.resends} /> resends
          {'error' in parsed ? '' : `, about ${Math.ceil(estimate.counts.resends / parsed.ratePerSecond)} s at ${parsed.ratePerSecond}/s`}. Each is a new delivery your
          handler sees.
        </p>
      )}
      <div className="row">
        <Button type="submit" data-testid="rw-estimate-button">
          Estimate
        </Button>
        <Button kind="primary" disabled={!current || estimate.counts.resends === 0} onClick={() => void run()} data-testid="rw-run">
          Resend {current ? estimate.counts.resends : ''} events
        </Button>
        <Button kind="quiet" onClick={onClose}>
          Close
        </Button>
      </div>
    </form>
  );
}
