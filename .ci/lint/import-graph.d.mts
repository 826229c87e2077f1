export type ImportGraph = Map<string, string[]>;
export const SOURCE_ROOTS: readonly string[];
export function sourceFiles(root: string): string[];
export function importSpecifiers(text: string): string[];
export function importGraph(root: string): ImportGraph;
export function circles(graph: ImportGraph): string[][];
export function folderGraph(graph: ImportGraph): ImportGraph;
export function examplePath(graph: ImportGraph, members: readonly string[]): string[];
