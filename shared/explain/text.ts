/**
 * An explanation as lines of text, the same in the terminal (`hooklab why`) and an agent's tool
 * result (MCP explain_order): the verdict, then each cause with its evidence and its fix.
 * Quoted values were bounded and escaped when the causes were made (words.ts); each host still
 * passes every line through its own printer.
 */
import type { Explanation } from './model';

/** The lines of `e`, causes first, each cause's evidence indented under it. */
export function explanationLines(e: Explanation): string[] {
  const what = e.orderId === null ? 'This delivery' : `Order ${e.orderId}`;
  const head = e.ok
    ? `${what}: ok (checked ${e.checkedAt}).`
    : `${what}: ${e.causes.length === 1 ? '1 cause' : `${e.causes.length} causes`}, the first to fix first (checked ${e.checkedAt}).`;
  const lines = [head];
  e.causes.forEach((cause, i) => {
    lines.push(`${i + 1}. ${cause.code}: ${cause.summary}`);
    for (const fact of cause.evidence) lines.push(`   - ${fact}`);
    if (cause.fix) lines.push(`   fix: ${cause.fix}`);
  });
  return lines;
}
