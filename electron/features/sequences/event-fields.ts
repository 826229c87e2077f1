import type { EventNode } from '../../services/data/sequence-reads';

/** A value of json_type's kind, standing for one the index does not keep (only its kind is read). */
const STAND_IN: Record<string, unknown> = { object: {}, array: [], null: null, true: true, false: false, integer: 0, real: 0, text: '' };

/** A node's value as JSON would give it (SQLite gives true and false as 1 and 0). */
function valueOf([, , type, value]: EventNode): unknown {
  if (type === 'true') return true;
  if (type === 'false') return false;
  return value;
}

const COUPON_LINE = /^\$\.metadata\.orderDetail\[(\d+)\]$/;

/**
 * The event a body holds, made again from the nodes SQLite read out of it (sequence-reads.ts):
 * the keys, values and shapes the Sequences index reads, and nothing else (no description, no
 * other metadata; orderDetail only with the lines that have a coupon, at their index). Parsed
 * like a whole body (parseDelivery, slim), it gives the same verdicts, so the index is built
 * without a body in memory. Null when the body is not a JSON object (then read it whole).
 */
export function eventFromNodes(nodes: readonly EventNode[]): string | null {
  if (nodes.find(([path, key]) => path === '$' && key === null)?.[2] !== 'object') return null;
  const event: Record<string, unknown> = {};
  let metadata: Record<string, unknown> | null = null;
  let lines: unknown[] | null = null;
  for (const node of nodes) {
    const [path, key, type] = node;
    if (path === '$' && key === 'metadata') {
      event['metadata'] = type === 'object' ? (metadata = {}) : STAND_IN[type];
    } else if (path === '$' && typeof key === 'string') {
      event[key] = valueOf(node);
    } else if (path === '$.metadata' && key === 'orderDetail') {
      metadata!['orderDetail'] = type === 'array' ? (lines = []) : STAND_IN[type];
    } else if (path === '$.metadata' && typeof key === 'string') {
      metadata![key] = valueOf(node);
    } else if (key === 'coupon' && type !== 'null' && lines) {
      const index = COUPON_LINE.exec(path)?.[1];
      if (index !== undefined) lines[Number(index)] = { coupon: valueOf(node) };
    }
  }
  return JSON.stringify(event);
}
