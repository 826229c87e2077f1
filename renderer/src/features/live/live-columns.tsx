import { createColumnHelper } from '@tanstack/react-table';
import type { DeliverySummary } from '../../../../shared/contract/live';
import { createRowSearch } from '../../components/data-table';
import { Time } from '../../components/ui';
import { formatTime } from '../../lib/format';
import { is2xx } from '../../../../shared/http/status';
import { EVENT_TYPES, ORDER_TYPES } from '../../../../shared/service/enums';
import { ImportedBadge } from '../../components/ImportedBadge';

const column = createColumnHelper<DeliverySummary>();

const BODY_KIND_TEXT: Record<NonNullable<DeliverySummary['bodyKind']>, string> = {
  empty: '(empty body)',
  'not-utf8': '(body not UTF-8)',
  'not-json': '(body not JSON)',
  'json-without-type': '(JSON without a type)',
};

/** What the type column says: the event type, or why there is none. */
export function typeText(d: DeliverySummary): string {
  if (d.eventType !== null) return d.eventType;
  if (d.bodySize === 0) return BODY_KIND_TEXT.empty;
  // A cut body is rarely JSON: say it was cut rather than that the sender sent no JSON.
  if (d.truncation === 'over-limit') return '(body cut: over the limit)';
  if (d.truncation === 'cut-off') return '(body cut off)';
  return d.bodyKind ? BODY_KIND_TEXT[d.bodyKind] : '(no event type)';
}

/** 2xx reads as success, anything else (or no answer) as a failure: same colours for answer and handler. */
const statusClass = (status: number | null) => (is2xx(status) ? 'live-status--ok' : 'live-status--error');

export function flagsOf(d: DeliverySummary): string {
  return [d.imported ? 'imported' : '', d.unverified ? 'unverified' : '', d.duplicateOf !== null ? 'duplicate' : '', d.outOfOrder ? 'out-of-order' : '', d.truncation === 'over-limit' ? 'over-limit' : d.truncation === 'cut-off' ? 'cut-off' : '']
    .filter(Boolean)
    .join(' ');
}

/** The handler's result in full: its status, or the error that stopped it (search and hover). */
export function handlerText(d: DeliverySummary): string {
  return handlerSummary(d, (h) => h.firstError ?? 'error');
}

/**
 * The handler's result as the list shows it: its status, or "no answer" when it gave none. An
 * error is free text of any length (an address, a cause): a column sized to it pushed Live
 * sideways at 1280 px, so its whole text is on hover and in the detail instead.
 */
export function handlerLabel(d: DeliverySummary): string {
  return handlerSummary(d, () => 'no answer');
}

function handlerSummary(d: DeliverySummary, noStatus: (h: NonNullable<DeliverySummary['handler']>) => string): string {
  const h = d.handler;
  if (!h) return '';
  const first = h.firstStatus !== null ? String(h.firstStatus) : noStatus(h);
  return h.targets > 1 ? `${first} (+${h.targets - 1}, ${h.failed} failed)` : first;
}

/** Badge class per verdict; `unverifiable` (body not whole) is a warning, never the red of invalid. */
export const SIGNATURE_CLASS: Record<DeliverySummary['signature'], string> = {
  valid: 'badge--ok',
  invalid: 'badge--error',
  missing: 'badge--warn',
  'no-key': 'badge--neutral',
  unverifiable: 'badge--warn',
};

/** Free-text search over what a user would type: type, order, ids, path, verdicts. */
export const searchDeliveries = createRowSearch<DeliverySummary>((d) =>
  [d.eventType, d.orderId, d.orderReference, d.orderType, d.eventId, d.path, d.level, d.signature, d.diagnosis?.kind, flagsOf(d), handlerText(d)]
    .filter((v) => v !== null && v !== undefined)
    .join(' '),
);

// What the columns are planned for, so which columns show does not change with the content:
// every event and order type the service sends, and an event id of 13 digits.
const longest = (values: readonly string[]) => values.reduce((a, b) => (b.length > a.length ? b : a), '');
const LONGEST_EVENT_TYPE = longest(EVENT_TYPES);
const LONGEST_ORDER_TYPE = longest(ORDER_TYPES);
const LONG_EVENT_ID = '1795874225011';

export function liveColumns(checked: ReadonlySet<number>, toggleChecked: (id: number) => void) {
  return [
    column.display({
      id: 'check',
      header: '',
      meta: { width: '32px' },
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`Select delivery ${row.original.id}`}
          data-testid="row-check"
          checked={checked.has(row.original.id)}
          onClick={(e) => e.stopPropagation()}
          onChange={() => toggleChecked(row.original.id)}
        />
      ),
    }),
    column.accessor('receivedAt', {
      id: 'time',
      header: 'Time',
      meta: { fitText: (iso: string) => formatTime(iso, { ms: true }) },
      cell: (c) => <Time iso={c.getValue()} ms />,
    }),
    column.accessor(typeText, {
      id: 'type',
      header: 'Event type',
      // The widest text: it takes the room the other columns leave.
      meta: { filter: 'text', grow: true, fitSample: LONGEST_EVENT_TYPE },
      cell: (c) => (c.row.original.eventType === null ? <span className="muted">{c.getValue()}</span> : c.getValue()),
    }),
    column.accessor('level', {
      header: 'Level',
      meta: { filter: { options: ['Info', 'Warning', 'Error'] }, minWidth: 50, hideOrder: 4, fitSample: 'Warning' },
    }),
    column.accessor('orderType', { header: 'Order type', meta: { filter: 'text', minWidth: 50, hideOrder: 1, fitSample: LONGEST_ORDER_TYPE } }),
    column.accessor('orderId', { header: 'Order id', meta: { filter: 'text', minWidth: 50 } }),
    column.accessor('eventId', { header: 'Event id', meta: { filter: 'text', match: 'equals', minWidth: 50, hideOrder: 3, fitSample: LONG_EVENT_ID } }),
    column.accessor('signature', {
      header: 'Signature',
      meta: {
        filter: { options: ['valid', 'invalid', 'missing', 'no-key', 'unverifiable'] },
        fitText: (v: string) => (v === 'unverifiable' ? 'cannot verify' : v),
        fitExtra: 16,
        minWidth: 60,
      },
      cell: (c) => (
        <span className={`badge ${SIGNATURE_CLASS[c.getValue()]}`} data-testid="signature-badge" title={c.row.original.diagnosis?.message}>
          {c.getValue() === 'unverifiable' ? 'cannot verify' : c.getValue()}
        </span>
      ),
    }),
    column.accessor(flagsOf, {
      id: 'flags',
      header: 'Flags',
      meta: { filter: { options: ['imported', 'unverified', 'duplicate', 'out-of-order', 'over-limit', 'cut-off'] }, match: 'contains', fitExtra: 24, minWidth: 60 },
      cell: (c) => (
        <span className="live-flags">
          {c.getValue()
            .split(' ')
            .filter(Boolean)
            .map((f) =>
              // Imported: never received here; named after its file (the filter's word is "imported").
              f === 'imported' ? (
                <ImportedBadge key={f} fileNames={c.row.original.imported ? [c.row.original.imported.fileName] : []} testId="flag-imported" />
              ) : (
                <span key={f} className="badge badge--warn" data-testid={`flag-${f}`}>
                  {f}
                </span>
              ),
            )}
        </span>
      ),
    }),
    column.accessor(handlerLabel, {
      id: 'handler',
      header: 'Handler',
      meta: { filter: 'text', minWidth: 50, fitBold: true },
      cell: (c) =>
        c.row.original.handler ? (
          <span
            className={c.row.original.handler.failed > 0 ? 'live-status--error' : 'live-status--ok'}
            title={handlerText(c.row.original)}
            data-testid="handler-status"
          >
            {c.getValue()}
          </span>
        ) : null,
    }),
    column.accessor('answeredStatus', {
      id: 'answered',
      header: 'Answer',
      meta: { fitText: (v: number | null) => (v === null ? '—' : String(v)), fitBold: true, hideOrder: 2 },
      cell: (c) => <span className={c.getValue() === null ? 'muted' : statusClass(c.getValue())}>{c.getValue() ?? '—'}</span>,
    }),
  ];
}
