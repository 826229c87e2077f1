import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One page of Hooklab's documentation, as shipped in the package (README.md, docs/*.md). */
export interface DocPage {
  /** `README.md` or `docs/live.md`: its path in the package. */
  readonly path: string;
  /** Its first heading. */
  readonly title: string;
  readonly text: string;
}

/** One section of a page: the text under a heading, up to the next heading. */
interface Section {
  readonly page: DocPage;
  /** The headings down to this one, e.g. `Hooklab for coding agents › Configure your agent`. */
  readonly heading: string;
  readonly headingWords: readonly string[];
  readonly words: readonly string[];
  readonly body: string;
}

export interface DocHit {
  readonly path: string;
  readonly heading: string;
  readonly snippet: string;
  readonly score: number;
}

/** Words too common in these pages to tell one section from another. */
const STOP = new Set('a an and are as at be by can do does for from how i in is it my of on or the this to what when where which why with you your'.split(' '));

const wordsOf = (text: string): string[] => (text.toLowerCase().match(/[a-z0-9][a-z0-9_.-]*[a-z0-9]|[a-z0-9]/g) ?? []).filter((w) => !STOP.has(w));

/** A word of the query matches a word of the text that starts with it (`deliver` finds `delivery`). */
const matchesTerm = (word: string, term: string) => word === term || (term.length >= 4 && word.startsWith(term));

/** Splits a page at its headings (# to ####); text before the first heading belongs to the title. */
function sectionsOf(page: DocPage): Section[] {
  const sections: Section[] = [];
  const trail: string[] = [];
  let heading = page.title;
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    const body = lines.join('\n').trim();
    if (body || heading) sections.push({ page, heading, headingWords: wordsOf(heading), words: wordsOf(body), body });
    lines = [];
  };
  for (const text of page.text.split('\n')) {
    if (/^\s*```/.test(text)) inFence = !inFence;
    const h = inFence ? null : /^(#{1,4})\s+(.*)$/.exec(text);
    if (!h) {
      lines.push(text);
      continue;
    }
    flush();
    const level = h[1]!.length;
    trail.length = level - 1;
    trail[level - 1] = h[2]!.trim();
    heading = trail.filter(Boolean).join(' › ');
  }
  flush();
  return sections;
}

/** Up to about 300 characters of the body around the first place a term appears. */
function snippetOf(body: string, terms: readonly string[]): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), flat.length);
  const start = at === flat.length ? 0 : Math.max(0, lower.lastIndexOf(' ', Math.max(0, at - 80)) + 1);
  const cut = flat.slice(start, start + 300);
  return `${start > 0 ? '…' : ''}${cut}${start + 300 < flat.length ? '…' : ''}`;
}

/**
 * Hooklab's own docs for an agent: each page whole (MCP resources) and a search by section,
 * ranked like BM25 (a rare word counts more than a common one, a long section no more than a
 * short one for the same words), a word in the heading counting three times, and the whole query
 * as a phrase adding a bonus. Local, no network.
 */
export class DocsLibrary {
  private readonly sections: Section[];

  constructor(readonly pages: readonly DocPage[]) {
    this.sections = pages.flatMap(sectionsOf);
  }

  /** README.md and docs/*.md under the package's folder; a page that cannot be read is left out. */
  static load(packageRoot: string): DocsLibrary {
    const docsDir = join(packageRoot, 'docs');
    const names = existsSync(docsDir) ? readdirSync(docsDir).filter((n) => n.endsWith('.md')).sort() : [];
    const paths = ['README.md', ...names.map((n) => `docs/${n}`)];
    const pages = paths.flatMap((path): DocPage[] => {
      try {
        const text = readFileSync(join(packageRoot, path), 'utf8');
        return [{ path, title: /^#\s+(.*)$/m.exec(text)?.[1]?.trim() ?? path, text }];
      } catch {
        return [];
      }
    });
    return new DocsLibrary(pages);
  }

  page(path: string): DocPage | undefined {
    return this.pages.find((p) => p.path === path);
  }

  search(query: string, limit = 5): DocHit[] {
    const terms = [...new Set(wordsOf(query))];
    if (terms.length === 0) return [];
    const n = this.sections.length;
    const avgLength = this.sections.reduce((sum, s) => sum + s.words.length, 0) / Math.max(1, n);
    const idf = new Map(terms.map((t) => {
      const df = this.sections.filter((s) => s.words.some((w) => matchesTerm(w, t)) || s.headingWords.some((w) => matchesTerm(w, t))).length;
      return [t, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }));
    const phrase = query.trim().toLowerCase();
    const scored = this.sections.map((s) => {
      let score = 0;
      for (const t of terms) {
        const tf = s.words.filter((w) => matchesTerm(w, t)).length + 3 * s.headingWords.filter((w) => matchesTerm(w, t)).length;
        if (tf > 0) score += idf.get(t)! * ((tf * 2.2) / (tf + 1.2 * (0.25 + 0.75 * (s.words.length / Math.max(1, avgLength)))));
      }
      if (terms.length > 1 && phrase.length > 3 && `${s.heading}\n${s.body}`.toLowerCase().includes(phrase)) score *= 1.5;
      return { s, score };
    });
    return scored
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ s, score }) => ({ path: s.page.path, heading: s.heading, snippet: snippetOf(s.body, terms), score: Math.round(score * 100) / 100 }));
  }
}
