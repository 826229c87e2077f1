/**
 * Fails (exit 1) when the source tree has an import circle, between files or between sibling
 * folders. Run by `npm run lint`; ESLint's per-tier rules cannot see circles, only single edges.
 */
import { circles, examplePath, folderGraph, importGraph } from './import-graph.mjs';

const graph = importGraph(process.cwd());
const problems = [];
for (const members of circles(graph)) problems.push(`files: ${examplePath(graph, members).join(' -> ')}`);
const folders = folderGraph(graph);
for (const members of circles(folders)) problems.push(`folders: ${examplePath(folders, members).join(' -> ')}`);

if (problems.length > 0) {
  console.error(`Import circles (${problems.length}); break each by moving what both sides need one tier down:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`No import circles among ${graph.size} source files.`);
