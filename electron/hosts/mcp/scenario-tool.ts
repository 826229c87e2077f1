import { existsSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { z } from 'zod';
import { AGENT_SENT_HEADER, AGENT_SENT_VALUE } from '../../../shared/signing/agent-sent';
import { parseScenarioFile, SCENARIO_FILE_MAX_BYTES, type ScenarioFile } from '../../../shared/scenario/scenario-file';
import { recordScenario } from '../../../shared/scenario/record';
import { readBoundedTextFile } from '../../services/platform/bounded-file';
import type { ContractClient } from '../kit/contract-client';
import { runWithDeadline, timeoutSecondsArg } from './job-deadline';
import type { McpSendPolicy } from './send-policy';
import { line, toolResult } from './tool-result';
import { defineTool, type ToolDefinition } from './tool-definition';

const RunArgs = z
  .object({
    file: z.string().min(1).max(2000).optional().describe('A scenario file (hooklab scenario record), relative to the project folder'),
    orderId: z.string().min(1).max(200).optional().describe("Or an order: its received deliveries, recorded now (verified ones only)"),
    to: z.string().min(1).max(2000).describe('The handler URL: a forward or Replay target'),
    shuffle: z.boolean().optional().describe('Send in a shuffled order (the same for the same seed)'),
    seed: z.number().int().min(0).max(2 ** 31).optional().describe('Seed of shuffle (default 1)'),
    duplicates: z.number().int().min(0).max(100).optional().describe('Send each event this many more times right after itself, as the service retries'),
    expect: z.array(z.string().min(1).max(2000)).max(100).optional().describe('PATH=VALUE the handler state must hold after the last event, e.g. orders.{orderId}.paid=1'),
    expectState: z.string().min(1).max(2000).optional().describe("The handler's state as JSON (GET), on the same host as `to`"),
    timeoutSeconds: timeoutSecondsArg,
  })
  .strict()
  .refine((a) => (a.file === undefined) !== (a.orderId === undefined), { message: 'give file or orderId, one of them' });

/** The scenario to run: a file of the project, or an order's deliveries recorded as `scenario record` does. */
async function scenarioOf(client: ContractClient, args: z.output<typeof RunArgs>, now: () => number): Promise<ScenarioFile> {
  if (args.orderId !== undefined) {
    return recordScenario(client.call.bind(client), { orderId: args.orderId }, new Date(now()).toISOString(), { vouchedForOnly: true });
  }
  const project = realpathSync(process.cwd());
  const path = resolve(project, args.file!);
  // Only the project's own files: an injected agent must not make the server open (and quote
  // in an error) a file elsewhere on the machine, such as a key in the user's home.
  const real = existsSync(path) ? realpathSync(path) : path;
  if (real !== project && !real.startsWith(project + sep)) throw new Error(`${args.file} is outside the project folder (${project}): run_scenario reads scenario files of the project only`);
  const text = readBoundedTextFile(real, SCENARIO_FILE_MAX_BYTES);
  if (text === null) throw new Error(`no file ${path}`);
  const parsed = parseScenarioFile(text);
  // JSON's own message quotes the text: said without it.
  if (!parsed.ok) throw new Error(`${path}: ${parsed.error.startsWith('not JSON') ? 'not JSON, so not a Hooklab scenario file' : parsed.error}`);
  return parsed.file;
}

/** The state URL: on the host of the target the user allowed, or itself an allowed target. */
async function stateUrlOf(policy: McpSendPolicy, stateUrl: string, target: string): Promise<string> {
  if (URL.canParse(stateUrl) && new URL(stateUrl).origin === new URL(target).origin) return new URL(stateUrl).href;
  return policy.requireTarget(stateUrl);
}

/** run_scenario: `hooklab scenario run` for an agent, as a job, signed and sent under the MCP send policy. */
export function scenarioTool(client: ContractClient, policy: McpSendPolicy, now: () => number = Date.now): ToolDefinition {
  return defineTool({
    name: 'run_scenario',
    calls: ['live.list', 'live.get', 'scenario.run'],
    description:
      "Run a scenario (a file from `hooklab scenario record`, or an order's received deliveries) against a handler as `hooklab scenario run` does, at full speed, optionally shuffled and with duplicates, then check the handler's state: a line per send and PASS/FAIL per expectation. Signed with HOOKLAB_WEBHOOK_KEY given to hooklab mcp, else the sandbox store's key; sent only to the listener's forward targets, Replay's targets, Hooklab's own listener or --allow-target URLs; each request is marked X-Hooklab-Sent-By.",
    input: RunArgs,
    async run(args) {
      const target = await policy.requireTarget(args.to);
      const expectState = args.expectState === undefined ? undefined : await stateUrlOf(policy, args.expectState, target);
      const key = await policy.key();
      const scenario = await scenarioOf(client, args, now);
      const { result: r, timedOut } = await runWithDeadline(client, args.timeoutSeconds, (jobId) =>
        client.call('scenario.run', {
          scenario,
          targetUrl: target,
          key: key.choice,
          shuffle: args.shuffle ?? false,
          seed: args.seed ?? 1,
          duplicates: args.duplicates ?? 0,
          expect: args.expect ?? [],
          ...(expectState !== undefined ? { expectState } : {}),
          headers: [[AGENT_SENT_HEADER, AGENT_SENT_VALUE]],
          jobId,
        }),
      );
      const failed = r.lines.filter((l) => !l.passed).length;
      const verdict = r.cancelled
        ? `CANCELLED${timedOut ? ` after ${args.timeoutSeconds} s` : ''}: ${r.sends} sends made.`
        : r.passed
          ? `PASSED: ${r.sends} sends accepted (signed with key "${key.label}")${args.expect?.length ? `, ${args.expect.length} expectations hold` : ''}.`
          : `FAILED: ${failed} of ${r.lines.length} lines failed (signed with key "${key.label}").`;
      return toolResult([verdict, ...r.lines.map((l) => line`${l.text}`)].join('\n'), { ...r, keyLabel: key.label });
    },
  });
}
