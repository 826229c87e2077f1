/**
 * `set` overrides of a JSON body by path (`metadata.PaidAmount`, `metadata.orderDetail[0].quantity`):
 * what an agent or a script changes in a stored delivery or a template before it is re-signed.
 */

type Step = string | number;

/** `a.b[0].c` as steps; throws on an empty or malformed path. */
export function parseJsonPath(path: string): Step[] {
  if (!/^[^.[\]]+(?:\.[^.[\]]+|\[\d+\])*$/.test(path)) throw new Error(`"${path}" is not a path like metadata.orderDetail[0].quantity`);
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? m[1] : Number(m[2])));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Sets each path of `set` in the JSON `text` and returns the new text (indented like the input
 * when it spanned lines). The parent of each path must exist; an object may gain a new key, an
 * array index must be in range. Errors name the path.
 */
export function applyJsonSet(text: string, set: Readonly<Record<string, unknown>>): string {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    throw new Error('the body is not JSON, so set cannot change it');
  }
  for (const [path, value] of Object.entries(set)) {
    const steps = parseJsonPath(path);
    if (steps.includes('__proto__')) throw new Error(`set ${path}: "__proto__" cannot be set`);
    let parent: unknown = root;
    for (const [n, step] of steps.entries()) {
      const last = n === steps.length - 1;
      const where = `set ${path}`;
      if (typeof step === 'number') {
        if (!Array.isArray(parent)) throw new Error(`${where}: not an array before [${step}]`);
        if (step >= parent.length) throw new Error(`${where}: index ${step} is past the end (length ${parent.length})`);
        if (last) parent[step] = value;
        else parent = parent[step];
      } else {
        if (!isObject(parent)) throw new Error(`${where}: "${step}" is not inside an object`);
        if (last) parent[step] = value;
        else if (!Object.hasOwn(parent, step)) throw new Error(`${where}: the body has no "${step}"`);
        else parent = parent[step];
      }
    }
  }
  return text.includes('\n') ? JSON.stringify(root, null, 2) : JSON.stringify(root);
}
