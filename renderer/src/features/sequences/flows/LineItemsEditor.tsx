import type { LineItemRequest } from '../../../../../shared/service';

/** One line of the Method 1 form, as typed. */
export interface ItemRow {
  readonly kind: 'sku' | 'product';
  readonly sku: string;
  readonly name: string;
  readonly price: string;
  readonly requiresShipping: boolean;
  readonly quantity: string;
}

/** A new line: a portal product when a sku is given, else a one-time product. */
export const emptyRow = (sku = ''): ItemRow => ({ kind: sku ? 'sku' : 'product', sku, name: '', price: '', requiresShipping: false, quantity: '1' });

/** A form line as the LineItem it stands for (docs/service.md#payment-link-request). */
export function toLineItem(r: ItemRow): LineItemRequest {
  const quantity = Number(r.quantity);
  if (r.kind === 'sku') return { sku: r.sku, quantity };
  return { product: { name: r.name, price: Number(r.price), requiresShipping: r.requiresShipping }, quantity };
}

/** Method 1's lines: portal products by sku (offered from the catalogue) or one-time products. */
export function LineItemsEditor({
  rows,
  onChange,
  skus,
}: {
  rows: readonly ItemRow[];
  onChange: (rows: ItemRow[]) => void;
  skus: ReadonlyArray<{ sku: string; name: string; price: number }>;
}) {
  const setRow = (i: number, patch: Partial<ItemRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="flow-form__wide">
      {rows.map((r, i) => (
        <div key={i} className="row flow-item" data-testid="link-item">
          <select value={r.kind} onChange={(e) => setRow(i, { kind: e.target.value as ItemRow['kind'] })} aria-label="Item kind">
            <option value="sku">portal product (sku)</option>
            <option value="product">one-time product</option>
          </select>
          {r.kind === 'sku' ? (
            <>
              <input list="flow-skus" value={r.sku} onChange={(e) => setRow(i, { sku: e.target.value })} aria-label="sku" placeholder="sku" />
            </>
          ) : (
            <>
              <input value={r.name} onChange={(e) => setRow(i, { name: e.target.value })} aria-label="Product name" placeholder="name" />
              <input className="flow-input--short" value={r.price} onChange={(e) => setRow(i, { price: e.target.value })} aria-label="Price" placeholder="price" />
              <label className="row">
                <input type="checkbox" checked={r.requiresShipping} onChange={(e) => setRow(i, { requiresShipping: e.target.checked })} /> ships
              </label>
            </>
          )}
          <input className="flow-input--short" value={r.quantity} onChange={(e) => setRow(i, { quantity: e.target.value })} aria-label="Quantity" />
          <button type="button" className="button button--small" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <datalist id="flow-skus">
        {skus.map((s) => (
          <option key={s.sku} value={s.sku}>
            {s.name} ({s.price.toFixed(2)})
          </option>
        ))}
      </datalist>
      <button type="button" className="button button--small" onClick={() => onChange([...rows, emptyRow()])}>
        Add a line
      </button>
    </div>
  );
}
