/**
 * Where in a handler's state JSON one order's state is: a path like `orders.{orderId}` or
 * `data.orders[0]`, keys by dots and array indexes in brackets, `{orderId}` standing for the
 * order's id. Chaos replay's state check and the CLI's `--expect` read the state through here,
 * so both take the same paths.
 */
export type StateStep = string | number;

/** The path split into steps, `{orderId}` replaced; an error message when it is no such path. */
export function parseStatePath(template: string, orderId: string | null = null): { steps: StateStep[] } | { error: string } {
  const path = template.trim().replace(/^\$\.?/, '');
  if (path.includes('{orderId}') && orderId === null) return { error: `"${template}" names {orderId}, and there is no order id to put there` };
  const filled = orderId === null ? path : path.replaceAll('{orderId}', orderId);
  const steps: StateStep[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/gy;
  let at = 0;
  while (at < filled.length) {
    if (filled[at] === '.' && steps.length > 0) at++;
    pattern.lastIndex = at;
    const match = pattern.exec(filled);
    if (!match) return { error: `"${template}" is not a path like orders.{orderId} or data.orders[0]` };
    steps.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
    at = pattern.lastIndex;
  }
  return steps.length > 0 ? { steps } : { error: 'give a path, e.g. orders.{orderId}' };
}

/** The value at `steps`, or `found: false` naming the first step the state does not have. */
export function valueAtPath(state: unknown, steps: readonly StateStep[]): { found: true; value: unknown } | { found: false; missing: string } {
  let at: unknown = state;
  for (const [i, step] of steps.entries()) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, step)) return { found: false, missing: pathText(steps.slice(0, i + 1)) };
    at = (at as Record<string | number, unknown>)[step];
  }
  return { found: true, value: at };
}

/** Steps written back as a path: `orders.900001.status`, `items[0]`. */
export function pathText(steps: readonly StateStep[]): string {
  return steps.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}
