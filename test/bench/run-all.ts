/**
 * `npm run bench`: runs every benchmark behind BENCHMARKS.md, one after another (they measure
 * ratios against baselines of their own run, so they must not compete with each other). Each
 * writes its figures to test/bench/results/<area>.md with the command that produced them.
 */
import { spawnSync } from 'node:child_process';

const BENCHES: readonly (readonly string[])[] = [
  ['test/bench/sandbox-list.bench.ts', '--deliveries', '100000', '--passes', '3'],
  ['test/bench/listener-ingest.ts', '3', '8'],
  ['test/bench/serve-ingest.ts', '3', '8'],
  ['test/bench/listener-busy-main.ts', '200', '8'],
  ['test/bench/listener-tracing.ts', '3', '6'],
  ['test/bench/otlp-main-thread.ts'],
  ['test/bench/listener-commit-frames.ts', '200', '32'],
  ['test/bench/live-table.ts', '100000', '3'],
  ['test/bench/history-catchup.ts', '100000', '5'],
  ['test/bench/history-catchup.ts', '100000', '3', '5'],
  ['test/bench/history-reconcile.ts', '100000', '5'],
  ['test/bench/store-writes.ts', '5'],
  ['test/bench/sequences-grouping.ts', '100000', '5'],
  ['test/bench/sequences-big-bodies.ts', '126', '5'],
  ['test/bench/sequences-ui.ts', '84000', '5'],
  ['test/bench/replay-ui.ts', '10000', '5'],
  ['test/bench/handler-check.ts', '20'],
  ['test/bench/live-search.ts', '100000', '5'],
  ['test/bench/live-search-burst.ts', '20000', '5000', '5'],
  ['test/bench/live-detail.ts', '5'],
  ['test/bench/activity-strip.ts', '100000', '7'],
  ['test/bench/cli.ts', '7', '1000'],
  ['test/bench/wait-for-delivery.ts', '50'],
  ['test/bench/tunnel-soak.ts', '10', '90'],
];

let failed = 0;
for (const [script, ...args] of BENCHES) {
  process.stdout.write(`\n=== npx tsx ${script} ${args.join(' ')}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', script!, ...args], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.stdout.write(`\n${BENCHES.length - failed}/${BENCHES.length} benchmarks ran; results in test/bench/results/\n`);
process.exit(failed === 0 ? 0 : 1);
