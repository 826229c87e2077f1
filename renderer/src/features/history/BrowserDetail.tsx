import type { WebhookDelivery } from '../../../../shared/service';
import { CodeView } from '../../components/monaco';
import { EventDeliveries } from './EventDeliveries';
import { useHistory } from './history-store';

/** The delivery opened from the browser's results: its payload and its event's other deliveries. */
export function BrowserDetail({
  detail,
  onClose,
}: {
  detail: WebhookDelivery;
  onClose: () => void;
}) {
  const { resend } = useHistory();
  return (
    <div className="card" data-testid="history-detail">
      <h2 className="card__title row">
        Delivery {detail.id} (event {detail.eventId})
        <button
          type="button"
          className="button button--small"
          onClick={() => void resend(detail.id)}
          data-testid="detail-resend"
        >
          Resend
        </button>
        <button type="button" className="button button--small" onClick={onClose}>
          Close
        </button>
      </h2>
      <p className="muted mono">to {detail.url}</p>
      <CodeView value={detail.payload} height={200} testId="history-detail-payload" />
      <EventDeliveries eventId={detail.eventId} />
    </div>
  );
}
