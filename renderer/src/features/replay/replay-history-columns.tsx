import type { ColumnDef } from '@tanstack/react-table';
import type { ReplaySummary } from '../../../../shared/contract/replay';
import { TAMPER_LABELS } from './tamper-labels';
import type { DataColumnMeta } from '../../components/data-table';
import { statusTone } from './ReplayResult';
import { Time } from '../../components/ui';
import { formatTime } from '../../lib/format';

/** The status class a row filters by. */
export function statusClass(r: ReplaySummary): string {
  if (r.status === null) return 'error';
  return `${Math.floor(r.status / 100)}xx`;
}

const meta = (m: DataColumnMeta): DataColumnMeta => m;

/** Columns of the replay history; `targets` are the choices of the target filter. */
export function replayColumns(opts: {
  targets: readonly string[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  onAgain: (id: number) => void;
  /** Target labels by URL. */
  labels: ReadonlyMap<string, string>;
}): Array<ColumnDef<ReplaySummary, unknown>> {
  return [
    {
      id: 'pick',
      header: 'diff',
      enableSorting: false,
      meta: meta({ width: '44px' }),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`Pick replay ${row.original.id} for the diff`}
          checked={opts.selected.includes(row.original.id)}
          onClick={(e) => e.stopPropagation()}
          onChange={() => opts.onToggle(row.original.id)}
          data-testid="replay-pick"
        />
      ),
    },
    { id: 'id', accessorKey: 'id', header: '#', meta: meta({}) },
    { id: 'sentAt', accessorKey: 'sentAt', header: 'sent', meta: meta({ fitText: (iso: string) => formatTime(iso) }), cell: ({ getValue }) => <Time iso={getValue() as string} /> },
    {
      id: 'what',
      accessorFn: (r) => r.draftName ?? r.eventType ?? '',
      header: 'draft / event',
      // A CLI badge may follow the name.
      meta: meta({ filter: 'text', fitExtra: 8 }),
      // A replay from `hooklab replay` is labelled, so a terminal's sends are not taken for this window's.
      cell: ({ row, getValue }) => (
        <>
          {String(getValue())}
          {row.original.sentFrom === 'cli' && (
            <span className="badge replay-sent-from" title="Sent from the command line (hooklab replay)" data-testid="replay-row-cli">
              CLI
            </span>
          )}
        </>
      ),
    },
    { id: 'target', accessorKey: 'targetUrl', header: 'target', meta: meta({ filter: { options: opts.targets }, grow: true, fitText: (url: string) => (opts.labels.has(url) ? `${opts.labels.get(url)} ${url}` : url) }),
      cell: ({ getValue }) => {
        const url = getValue() as string;
        const label = opts.labels.get(url);
        return label ? (
          <>
            <strong>{label}</strong> <span className="muted">{url}</span>
          </>
        ) : (
          url
        );
      },
    },
    { id: 'eventId', accessorKey: 'eventId', header: 'event id', meta: meta({}) },
    { id: 'tamper', accessorFn: (r) => (r.tamper === 'none' ? '' : TAMPER_LABELS[r.tamper]), header: 'tamper', meta: meta({}) },
    {
      id: 'status',
      accessorFn: statusClass,
      header: 'status',
      meta: meta({ filter: { options: ['2xx', '3xx', '4xx', '5xx', 'error'] }, minWidth: 50 }),
      cell: ({ row }) => (
        <span className={statusTone(row.original.status)} data-testid="replay-row-status" title={row.original.error ?? undefined}>
          {row.original.status ?? 'error'}
        </span>
      ),
    },
    { id: 'latency', accessorKey: 'latencyMs', header: 'ms', meta: meta({ fitText: (v: number | null) => (v === null ? '—' : String(Math.round(v))) }), cell: ({ getValue }) => (getValue() === null ? '—' : Math.round(getValue() as number)) },
    {
      id: 'again',
      header: '',
      enableSorting: false,
      meta: meta({ width: '70px' }),
      cell: ({ row }) => (
        <button
          type="button"
          className="button button--small"
          title="Send these exact bytes and headers again"
          onClick={(e) => {
            e.stopPropagation();
            opts.onAgain(row.original.id);
          }}
          data-testid="replay-again"
        >
          Again
        </button>
      ),
    },
  ];
}
