import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The app's source folders (what the lint's size and tier rules hold too). */
export const SOURCE_ROOTS = ['electron', 'renderer/src', 'shared'] as const;

const SCRIPT = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;

/** Every script under `roots` (repository-relative, `/`-separated, sorted), declarations and build output left out. */
export function scriptFiles(root: string, roots: readonly string[]): string[] {
  const found: string[] = [];
  for (const top of roots) {
    let entries: string[];
    try {
      entries = readdirSync(join(root, top), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = `${top}/${entry.split('\\').join('/')}`;
      if (SCRIPT.test(path) && !/\.d\.[cm]?ts$/.test(path) && !/(^|\/)(node_modules|out|dist)\//.test(path)) found.push(path);
    }
  }
  return found.sort();
}

/** A file parsed by TypeScript (syntax only: fast, no type checking); `parents: false` is faster still. */
export function parse(root: string, path: string, parents = true): ts.SourceFile {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, parents, kind);
}

/** `file:line` of a node, for failure messages. */
export function where(file: ts.SourceFile, node: ts.Node): string {
  return `${file.fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
}
