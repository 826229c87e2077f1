import { CliError } from '../framework/exit-codes';

/** One `--set path=value`: the path split into keys and array indexes. */
export interface SetOverride {
  readonly path: string;
  readonly steps: ReadonlyArray<string | number>;
  readonly raw: string;
}

/** Parses `metadata.orderDetail[0].quantity=2` (the first `=` separates path and value). */
export function parseSetOverride(text: string): SetOverride {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new CliError(`--set "${text}": write path=value, e.g. metadata.PaidAmount=99.00`);
  const path = text.slice(0, eq);
  const steps: Array<string | number> = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]/gy;
  let at = 0;
  while (at < path.length) {
    if (path[at] === '.' && steps.length > 0) at++;
    pattern.lastIndex = at;
    const match = pattern.exec(path);
    if (!match) throw new CliError(`--set "${text}": "${path}" is not a path like metadata.orderDetail[0].quantity`);
    steps.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
    at = pattern.lastIndex;
  }
  return { path, steps, raw: text.slice(eq + 1) };
}

/** The value typed as the one it replaces: a number stays a number, an object is JSON. */
function typedLike(current: unknown, raw: string, path: string): unknown {
  if (typeof current === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) throw new CliError(`--set ${path}: "${raw}" is not a number (the template has ${current})`);
    return n;
  }
  if (typeof current === 'boolean') {
    if (raw !== 'true' && raw !== 'false') throw new CliError(`--set ${path}: give true or false`);
    return raw === 'true';
  }
  if (typeof current === 'string') return raw;
  // null, objects and arrays: JSON, else (for null) the text itself.
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    if (current === null) return raw === 'null' ? null : raw;
    throw new CliError(`--set ${path}: the template has ${Array.isArray(current) ? 'an array' : 'an object'} here; give JSON`);
  }
}

/**
 * Applies overrides to a copy of `document`. A path must exist in it (a typo would otherwise
 * send an event the user did not mean): the error names the part that is missing.
 */
export function applySetOverrides<T>(document: T, overrides: readonly SetOverride[]): T {
  const copy = structuredClone(document) as unknown;
  for (const o of overrides) {
    let parent: unknown = copy;
    for (let i = 0; i < o.steps.length; i++) {
      const step = o.steps[i]!;
      const where = o.steps.slice(0, i + 1).reduce<string>((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');
      const holder = parent as Record<string | number, unknown> | null;
      const exists =
        holder !== null &&
        typeof holder === 'object' &&
        (typeof step === 'number' ? Array.isArray(holder) && step < holder.length : !Array.isArray(holder) && Object.hasOwn(holder, step));
      if (!exists) throw new CliError(`--set ${o.path}: the template has no ${where}`);
      if (i === o.steps.length - 1) holder[step] = typedLike(holder[step], o.raw, o.path);
      else parent = holder[step];
    }
  }
  return copy as T;
}
