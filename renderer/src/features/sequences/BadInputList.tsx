import type { BadInput } from '../../../../shared/contract/sequences';
import { hrefFor } from '../../app-state/routes';
import { Time } from '../../components/ui';

/** Deliveries that could not join a timeline, each with why and a link to the delivery. */
export function BadInputList({ items, testId }: { items: readonly BadInput[]; testId: string }) {
  return (
    <ul className="seq-bad" data-testid={testId}>
      {items.map((b) => (
        <li key={`${b.delivery.source}-${b.delivery.id}-${b.reason}`} data-testid="bad-input">
          <Time className="mono" iso={b.at} />{' '}
          <a href={b.delivery.source === 'live' ? hrefFor('live', String(b.delivery.id)) : hrefFor('replay', `history/${b.delivery.id}`)}>
            {b.delivery.source === 'live' ? `Live #${b.delivery.id}` : `history #${b.delivery.id}`}
          </a>{' '}
          {b.reason}
        </li>
      ))}
    </ul>
  );
}
