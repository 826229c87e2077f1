import type { z } from 'zod';
import { plural } from '../text/plural';

/** How a form names a field in a sentence, and what its format is when a pattern rejects it. */
export interface FieldLabel {
  /** "The tunnel server", or per index for list items: (i) => `Forward target ${i + 1}`. */
  readonly name: string | ((index: number) => string);
  /** Said when the value does not match the field's pattern ("must be 4 to 63 lowercase letters…"). */
  readonly format?: string;
}

/**
 * Labels by path, numbers replaced by `*`: `{ 'forwardTargets.*': { name: (i) => … } }`.
 * A path without a label is named by its last segment.
 */
export type FieldLabels = Readonly<Record<string, FieldLabel>>;

/** One sentence per field, keyed by its path joined with dots ("forwardTargets.0"). */
export type FieldErrors = Readonly<Record<string, string>>;

type Issue = z.core.$ZodIssue;


/** What is wrong, as the end of a sentence whose subject is the field ("is not a valid URL"). */
export function issuePredicate(issue: Issue, label?: FieldLabel): string {
  switch (issue.code) {
    case 'invalid_format':
      if (issue.format === 'url') return 'is not a valid URL';
      if (issue.format === 'regex') return label?.format ?? 'is not in the expected format';
      return `is not a valid ${issue.format}`;
    case 'invalid_type':
      // zod keeps the input out of issues unless asked; its message names what was received.
      return issue.input === undefined && /received (undefined|null)/.test(issue.message)
        ? 'is required'
        : `must be ${issue.expected === 'number' ? 'a number' : `a ${issue.expected}`}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'is required' : `must have at least ${plural(min, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${plural(min, 'entry', 'entries')}`;
      return `must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must have at most ${plural(max, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `may have at most ${plural(max, 'entry', 'entries')}`;
      return `must be at most ${max}`;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `has unknown fields: ${issue.keys.join(', ')}`;
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

/** The label a path matches (numbers as `*`), and the last index in it for list items. */
function labelFor(path: readonly PropertyKey[], labels: FieldLabels): { label?: FieldLabel; name: string } {
  const pattern = path.map((p) => (typeof p === 'number' ? '*' : String(p))).join('.');
  const label = labels[pattern];
  const index = [...path].reverse().find((p): p is number => typeof p === 'number') ?? 0;
  if (label) return { label, name: typeof label.name === 'function' ? label.name(index) : label.name };
  const last = [...path].reverse().find((p) => typeof p === 'string');
  return { name: last !== undefined ? `“${String(last)}”` : 'The form' };
}

/**
 * Schema issues as sentences next to their fields: "Forward target 1 is not a valid URL"
 * instead of "forwardTargets.0: Invalid URL". The first issue of each field wins.
 */
export function fieldErrors(issues: readonly Issue[], labels: FieldLabels = {}): FieldErrors {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    if (key in out) continue;
    const { label, name } = labelFor(issue.path, labels);
    out[key] = `${name} ${issuePredicate(issue, label)}.`;
  }
  return out;
}
