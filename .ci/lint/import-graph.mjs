/**
 * The import graph of the source tree (electron/, shared/, renderer/src/), read from the files'
 * own import and export-from statements, type-only and dynamic imports included. It is shared
 * by the circle check (run by `npm run lint`) and its test, so both see the same edges.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const SOURCE_ROOTS = ['electron', 'shared', 'renderer/src'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;
const SPECIFIER = /(?:^|[\s;}])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** Every source file under the roots, as paths relative to `root` with forward slashes. */
export function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE_FILE.test(name) && !name.endsWith('.d.ts')) files.push(toPosix(relative(root, path)));
    }
  };
  for (const top of SOURCE_ROOTS) if (existsSync(join(root, top))) walk(join(root, top));
  return files.sort();
}

/** The relative specifiers a file imports (comments stripped so commented-out imports do not count). */
export function importSpecifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const match of code.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier?.startsWith('.')) found.push(specifier);
  }
  return found;
}

/** Maps each source file to the source files it imports. */
export function importGraph(root) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      const target = resolveSpecifier(root, file, specifier, known);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

function resolveSpecifier(root, from, specifier, known) {
  const base = toPosix(relative(root, resolve(root, dirname(from), specifier)));
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate));
}

/**
 * The strongly connected components with more than one member (or a self-import): each is an
 * import circle. Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
 */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edge] = frame;
      const targets = graph.get(node) ?? [];
      if (edge < targets.length) {
        frame[1] += 1;
        const target = targets[edge];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== node);
        if (members.length > 1 || targets.includes(node)) found.push(members.sort());
      }
    }
  }
  return found;
}

/**
 * The graph between sibling folders: for every pair of files in different folders, an edge
 * between the two sibling folders under their deepest common parent (electron/features/live ->
 * electron/features/history, electron/core -> electron/features). A circle here is two folders
 * leaning on each other even when no two files do.
 */
export function folderGraph(graph) {
  const folders = new Map();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const edge = siblingFolders(from, to);
      if (!edge) continue;
      const [a, b] = edge;
      if (!folders.has(a)) folders.set(a, new Set());
      if (!folders.has(b)) folders.set(b, new Set());
      folders.get(a).add(b);
    }
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

function siblingFolders(from, to) {
  const a = from.split('/');
  const b = to.split('/');
  let common = 0;
  while (common < a.length - 1 && common < b.length - 1 && a[common] === b[common]) common += 1;
  // Both sides must be folders below the common parent, not a file directly in it.
  if (common >= a.length - 1 || common >= b.length - 1) return undefined;
  return [a.slice(0, common + 1).join('/'), b.slice(0, common + 1).join('/')];
}

/** One example path around a circle, for a message a reader can follow. */
export function examplePath(graph, members) {
  const inCircle = new Set(members);
  const start = members[0];
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (target === start) {
        const path = [start];
        for (let step = node; step !== undefined && step !== start; step = previous.get(step)) path.splice(1, 0, step);
        return [...path, start];
      }
      if (inCircle.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return members;
}

function toPosix(path) {
  return path.split(sep).join('/');
}
