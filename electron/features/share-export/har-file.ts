import { Pseudonyms } from '../../../shared/redaction';
import type { ExportRow } from '../../services/data/delivery-store';
import type { ExportWork } from './export-work';
import { harEntryLine, harFrame } from './har-entry';
import { redactDelivery, withoutBytesHeaders } from './redact-delivery';
import { sharedDelivery } from './shared-delivery';

/**
 * A HAR 1.2 file of the selected deliveries, written entry by entry as pages are read. Unredacted,
 * each entry is the delivery as received; redacted (one set of pseudonyms for the file), personal
 * data and credentials are replaced and the headers that describe the old bytes left out.
 */
export async function writeHar(work: ExportWork, pages: AsyncIterable<ExportRow[]>, options: { version: string; redact: boolean }): Promise<number> {
  const pseudonyms = new Pseudonyms();
  const frame = harFrame(options.version, options.redact);
  await work.write(frame.head);
  let count = 0;
  for await (const rows of pages) {
    work.checkCancelled();
    const lines = rows.map((row) => {
      const received = sharedDelivery(row, work.forwardsOf(row));
      const shared = options.redact ? redactDelivery(received, pseudonyms, work.secrets) : received;
      const entry = options.redact ? { ...shared, headers: withoutBytesHeaders(shared.headers) } : shared;
      return (count++ === 0 ? '' : ',\n') + harEntryLine(entry, row.summary.answeredStatus);
    });
    await work.write(lines.join(''));
    work.stepBy(rows.length);
  }
  await work.write((count > 0 ? '\n' : '') + frame.tail);
  return count;
}
