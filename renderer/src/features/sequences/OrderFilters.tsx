import { useEffect, useState } from 'react';
import { DERIVED_ORDER_STATUSES } from '../../../../shared/contract/sequences';
import { replaceParams } from '../../app-state/url-state';
import { orderCountText, orderFiltersFromParams, withOrderFilters, type OrderFilters as Filters } from './order-query';
import { useSequencesStore } from './sequences-store';

/** Changes the Orders tab's filters in the URL (their one home); the list loads what the URL then says. */
const changeFilters = (patch: Partial<Filters>) =>
  replaceParams((params) => withOrderFilters(params, { ...orderFiltersFromParams(params), ...patch }));

/** The filter bar: orderType, derived status, flagged or not, and free text (debounced); `filters` are the URL's. */
export function OrderFilters({ filters }: { filters: Filters }) {
  const { orderTypes, total, allOrders, orders, loaded } = useSequencesStore();
  // The text as typed, written to the URL once typing pauses; a text the URL gets otherwise
  // (back, a link) replaces it.
  const [text, setText] = useState(filters.text);
  const [urlText, setUrlText] = useState(filters.text);
  if (filters.text !== urlText) {
    setUrlText(filters.text);
    setText(filters.text);
  }
  useEffect(() => {
    if (text === filters.text) return;
    const t = setTimeout(() => {
      setUrlText(text);
      changeFilters({ text });
    }, 200);
    return () => clearTimeout(t);
  }, [text, filters.text]);
  return (
    <div className="row seq-filters" data-testid="sequences-filters">
      <input
        className="input"
        type="search"
        placeholder="Search order id, reference, type, flag…"
        aria-label="Search orders"
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="sequences-filter-text"
      />
      <select className="input" value={filters.orderType} onChange={(e) => changeFilters({ orderType: e.target.value })} data-testid="sequences-filter-type" aria-label="Order type">
        <option value="">any order type</option>
        {orderTypes.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <select className="input" value={filters.status} onChange={(e) => changeFilters({ status: e.target.value as Filters['status'] })} data-testid="sequences-filter-status" aria-label="Status">
        <option value="">any status</option>
        {DERIVED_ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <select className="input" value={filters.flags} onChange={(e) => changeFilters({ flags: e.target.value as Filters['flags'] })} data-testid="sequences-filter-flags" aria-label="Flags">
        <option value="any">flagged or not</option>
        <option value="flagged">with flags</option>
        <option value="clean">without flags</option>
      </select>
      <span className="muted" data-testid="sequences-count" data-total={total} data-listed={orders.length} data-loaded={loaded}>
        {orderCountText(loaded, total, allOrders)}
      </span>
    </div>
  );
}
