import { CliError } from '../framework/exit-codes';

/** The lines that enclose what `hooklab agent setup` owns in a file, in that file's comment syntax. */
export interface Markers {
  readonly begin: string;
  readonly end: string;
}

const NOTE = 'hooklab agent setup: run it again to update; what is between these lines is replaced';
export const MARKDOWN_MARKERS: Markers = { begin: `<!-- BEGIN ${NOTE} -->`, end: '<!-- END hooklab agent setup -->' };
export const TOML_MARKERS: Markers = { begin: `# BEGIN ${NOTE}`, end: '# END hooklab agent setup' };

const isBegin = (line: string, m: Markers) => line.trim().startsWith(m.begin.slice(0, m.begin.indexOf(':')));
const isEnd = (line: string, m: Markers) => line.trim() === m.end;

/** The line range [begin, end] of the marked block, null when there is none; refuses a half or a doubled block. */
export function findBlock(lines: readonly string[], m: Markers, path: string): { begin: number; end: number } | null {
  const begins = lines.flatMap((l, i) => (isBegin(l, m) ? [i] : []));
  const ends = lines.flatMap((l, i) => (isEnd(l, m) ? [i] : []));
  if (begins.length === 0 && ends.length === 0) return null;
  if (begins.length !== 1 || ends.length !== 1 || ends[0]! < begins[0]!) {
    throw new CliError(`${path}: the lines Hooklab marks ("${m.begin.slice(0, 40)}…" and "${m.end}") are not one pair: fix them by hand, nothing was written`);
  }
  return { begin: begins[0]!, end: ends[0]! };
}

/**
 * The text with `body` between the markers: in place of the marked block when there is one
 * (running setup again changes nothing else), else added at the end after a blank line.
 */
export function withMarkedBlock(text: string | null, body: string, m: Markers, path: string): string {
  const block = [m.begin, ...body.replace(/\n+$/, '').split('\n'), m.end];
  if (text === null || text.trim() === '') return `${block.join('\n')}\n`;
  const lines = text.split('\n');
  const found = findBlock(lines, m, path);
  if (found) return [...lines.slice(0, found.begin), ...block, ...lines.slice(found.end + 1)].join('\n');
  return `${text.replace(/\n*$/, '')}\n\n${block.join('\n')}\n`;
}
