import { buildSieveFilter, type SieveCondition, type SieveOperator } from '../../../../shared/history/sieve';
import type { RouteParams } from '../../app-state/routes';

/** The service browser's controls, as the form shows them. */
export interface Controls {
  idOp: SieveOperator;
  id: string;
  typeOp: SieveOperator;
  eventType: string;
  statusOp: SieveOperator;
  status: string;
  delivered: '' | 'true' | 'false';
  createdFrom: string;
  createdTo: string;
  raw: string;
}

export const EMPTY: Controls = {
  idOp: '>', id: '', typeOp: '==', eventType: '', statusOp: '==', status: '', delivered: '', createdFrom: '', createdTo: '', raw: '',
};

/** The controls' conditions, in the grammar (see docs/service.md#filters). */
export function filterFrom(c: Controls): string {
  const conditions: SieveCondition[] = [
    { field: 'id', op: c.idOp, value: c.id },
    { field: 'eventType', op: c.typeOp, value: c.eventType },
    { field: 'responseStatusCode', op: c.statusOp, value: c.status },
    { field: 'delivered', op: '==', value: c.delivered },
    { field: 'created', op: '>=', value: c.createdFrom },
    { field: 'created', op: '<=', value: c.createdTo },
  ];
  return buildSieveFilter(conditions, c.raw);
}

export const DEFAULT_SORTS = '-id';
export const DEFAULT_PAGE_SIZE = 50;

/** What the browser asks the service: its controls, sort and page size. */
export interface BrowserQuery {
  readonly c: Controls;
  readonly sorts: string;
  /** As typed: a page size the service refuses (0) is sent, and its refusal shown. */
  readonly pageSize: number;
}

/** The browser's query as URL params: only what differs from the defaults. */
export function browserParams({ c, sorts, pageSize }: BrowserQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(EMPTY) as Array<keyof Controls>) if (c[key] !== EMPTY[key]) params[key] = c[key];
  if (sorts !== DEFAULT_SORTS) params.sorts = sorts;
  if (pageSize !== DEFAULT_PAGE_SIZE) params.pageSize = String(pageSize);
  return params;
}

/** The query that URL params describe (the inverse of browserParams; an unreadable page size is the default). */
export function fromBrowserParams(params: RouteParams): BrowserQuery {
  const c = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as Array<keyof Controls>) if (params[key] !== undefined) (c as Record<string, string>)[key] = params[key]!;
  const size = Number(params.pageSize ?? DEFAULT_PAGE_SIZE);
  return { c, sorts: params.sorts ?? DEFAULT_SORTS, pageSize: Number.isInteger(size) ? size : DEFAULT_PAGE_SIZE };
}
