import type { ReconciliationView } from '../../../../shared/contract/history';
import { Time } from '../../components/ui';
import { useHistory } from './history-store';

/** Stretches of delivery ids in which nothing arrived here, each with a way to resend its events. */
export function MissedWindows({ windows }: { windows: ReconciliationView['windows'] }) {
  const { resendBulk } = useHistory();
  return (
    <div className="card" data-testid="missed-windows">
      <h2 className="card__title">Missed windows</h2>
      <table className="table">
        <thead>
          <tr>
            <th>From</th>
            <th>To</th>
            <th>Deliveries</th>
            <th>Events never received</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {windows.map((w) => (
            <tr key={w.fromId} data-testid={`missed-window-${w.fromId}`}>
              <td>
                <Time iso={w.from} /> (#{w.fromId})
              </td>
              <td>
                <Time iso={w.to} /> (#{w.toId})
              </td>
              <td>{w.deliveries}</td>
              <td>{w.eventIds.length}</td>
              <td>
                <button
                  type="button"
                  className="button button--small"
                  disabled={w.eventIds.length === 0}
                  onClick={() => void resendBulk(w.eventIds)}
                  data-testid={`resend-window-${w.fromId}`}
                >
                  Resend window
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
