import type { DerivedOrderStatus } from '../../../../shared/contract/sequences';

/** The list's filters, sent to sequences.list (the core filters 20,000 orders faster than a re-render). */
export interface OrderFilters {
  readonly orderType: string;
  readonly status: DerivedOrderStatus | '';
  readonly flags: 'any' | 'flagged' | 'clean';
  readonly text: string;
}

/** The sequences.list arguments of the filters: only the ones set, the text trimmed. */
export function orderQuery(filters: OrderFilters): { orderType?: string; status?: DerivedOrderStatus; hasFlags?: boolean; text?: string } {
  return {
    ...(filters.orderType ? { orderType: filters.orderType } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.flags !== 'any' ? { hasFlags: filters.flags === 'flagged' } : {}),
    ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
  };
}
