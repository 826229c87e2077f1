/** Lines of context shown around a change. */
const CONTEXT = 3;

/**
 * A unified diff of one file, for the user to read before it is written. Setup changes one
 * stretch of a file (its block, or its server entry), so one hunk from the first differing line
 * to the last is exact enough, and needs no diff library.
 */
export function unifiedDiff(path: string, before: string | null, after: string): string {
  const a = before === null ? [] : before.replace(/\n$/, '').split('\n');
  const b = after.replace(/\n$/, '').split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (start === endA && start === endB) return '';
  const from = Math.max(0, start - CONTEXT);
  const toA = Math.min(a.length, endA + CONTEXT);
  const toB = Math.min(b.length, endB + CONTEXT);
  const header = [`--- ${before === null ? '/dev/null' : `a/${path}`}`, `+++ b/${path}`, `@@ -${toA > from ? from + 1 : from},${toA - from} +${toB > from ? from + 1 : from},${toB - from} @@`];
  return [
    ...header,
    ...a.slice(from, start).map((l) => ` ${l}`),
    ...a.slice(start, endA).map((l) => `-${l}`),
    ...b.slice(start, endB).map((l) => `+${l}`),
    ...a.slice(endA, toA).map((l) => ` ${l}`),
  ].join('\n') + '\n';
}
