import type { SequenceEvent } from '../../../../shared/contract/sequences';
import { Notice } from '../../components/ui';

/** The files (distinct, in order) the events' imported deliveries came from (`DeliveryRef.imported`, set by sequences.get). */
export function importedFiles(events: readonly SequenceEvent[]): string[] {
  const files = events.flatMap((e) => e.deliveries.flatMap((d) => (d.imported ? [d.imported.fileName] : [])));
  return [...new Set(files)];
}

/**
 * Says when an order's events came, all or in part, from a file a teammate shared: those copies
 * were never received by this listener, so the order here is what the sender saw.
 */
export function ImportedNotice({ events }: { events: readonly SequenceEvent[] }) {
  const files = importedFiles(events);
  if (files.length === 0) return null;
  const imported = events.filter((e) => e.deliveries.some((d) => d.imported)).length;
  const all = events.every((e) => e.deliveries.every((d) => d.source === 'live' && d.imported));
  return (
    <Notice testId="order-imported" data-imported-events={imported}>
      {all ? 'Every event of this order came from ' : `${imported} of ${events.length} events of this order came, at least in part, from `}
      {files.map((f, i) => (
        <span key={f}>
          {i > 0 && ', '}
          <strong>{f}</strong>
        </span>
      ))}
      , imported and never received by this listener (marked <em>imported</em> in the timeline).
    </Notice>
  );
}
