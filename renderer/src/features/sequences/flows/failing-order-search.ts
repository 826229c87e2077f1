import { recordScenario } from '../../../../../shared/scenario/record';
import type { ScenarioFile } from '../../../../../shared/scenario/scenario-file';
import type { FuzzSearchReport } from '../../../../../shared/contract/flows';
import { shellQuote } from '../../../../../shared/text/shell-quote';
import type { Transport } from '../../../transport';

/** The expectations typed one a line (blank lines and `#` comments left out). */
export function expectLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** The terminal command that replays the saved minimal sequence and checks what it should give. */
export function replayCommand(report: Extract<FuzzSearchReport, { outcome: 'failed' }>, fileName: string, targetUrl: string, stateUrl: string): string {
  const words = ['hooklab', 'scenario', 'run', fileName, '--to', targetUrl, '--speed', 'max', '--expect-state', stateUrl, ...report.expect.flatMap((e) => ['--expect', e])];
  return words.map(shellQuote).join(' ');
}

/** The file name the minimal sequence is saved under: the order's, marked minimal. */
export function minimalFileName(file: ScenarioFile): string {
  return `minimal-${(file.source.orderId ?? 'sequence').replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
}

export interface SearchRequest {
  readonly orderId: string;
  readonly scenario: ScenarioFile | null;
  readonly targetUrl: string;
  readonly stateUrl: string;
  readonly expect: readonly string[];
  readonly runs: number;
  readonly seed: number;
  readonly jobId: string;
}

/** Runs the search: the opened scenario file's events, else the order's received ones recorded first (as Save scenario file does). */
export async function searchFailingOrder(transport: Transport, request: SearchRequest): Promise<FuzzSearchReport> {
  const scenario = request.scenario ?? (await recordScenario(transport.call.bind(transport), { orderId: request.orderId }, new Date().toISOString()));
  return transport.call('flows.searchFailingOrder', {
    scenario,
    targetUrl: request.targetUrl,
    stateUrl: request.stateUrl,
    expect: [...request.expect],
    runs: request.runs,
    seed: request.seed,
    jobId: request.jobId,
  });
}
