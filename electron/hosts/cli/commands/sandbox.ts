import { startSandbox } from '../../../emulator';
import type { CommandSpec, Invocation } from '../framework/command';
import { portOption } from '../../kit/options';
import { CliError } from '../framework/exit-codes';

/**
 * `hooklab sandbox` (and `npm run sandbox`): runs the service emulator standalone until
 * interrupted. With --json it prints exactly one line, a JSON object, for scripts to parse. The
 * control token it prints is new at each start and given to no one else: only the one who
 * started the sandbox drives its control API.
 */
export const sandboxCommand: CommandSpec = {
  name: 'sandbox',
  summary: 'Run the service emulator (the sandbox) standalone until interrupted: its URLs and default store on stdout.',
  options: [
    { name: 'sandbox-port', formerly: 'port', value: 'N', help: "the sandbox's port (default: a free one)" },
    { name: 'data-dir', value: 'DIR', help: "keep the sandbox's state in DIR (default: in memory)" },
  ],
  common: ['json'],
  examples: ['hooklab sandbox --sandbox-port 4781 --json'],
  // As before it joined the framework: a later option overrides an earlier one.
  rules: { laterWins: true },
  run,
};

async function run(inv: Invocation): Promise<number> {
  const dataDir = inv.value('data-dir');
  // A kept sandbox takes its ids from the folder's id space, as the app's and trigger's do.
  const port = portOption(inv, 'sandbox-port') ?? 0;
  const sb = await startSandbox({ port, ...(dataDir ? { dataDir, idSpaceDir: dataDir } : {}) }).catch((error: unknown) => {
    // A port in use or a state folder it cannot keep: said in one line, exit 2.
    throw error instanceof Error ? new CliError(error.message) : error;
  });
  const s = sb.defaultStore;
  if (inv.flag('json')) {
    // defaultStore is already exactly the six credential fields the --json contract names.
    inv.io.out(`${JSON.stringify({ baseUrl: sb.baseUrl, apiV3Url: sb.apiV3Url, controlUrl: sb.controlUrl, controlToken: sb.controlToken, store: s })}\n`);
  } else {
    const lines = [
      `Sandbox listening`,
      `  {base_url}    ${sb.baseUrl}`,
      `  {api_v3_url}  ${sb.apiV3Url}`,
      `  control       ${sb.controlUrl}`,
      `  control token ${sb.controlToken}   (send it as Authorization: Bearer …)`,
      `Default store ${s.storeId}`,
      `  clientId      ${s.clientId}`,
      `  clientSecret  ${s.clientSecret}`,
      `  secretKey     ${s.secretKey}`,
      `  webhookKey    ${s.webhookKey}`,
      `  webhookUrl    ${s.webhookUrl || '(none; PUT /_sandbox/stores/{id}/webhook)'}`,
      dataDir ? `State kept in ${dataDir}` : 'State in memory (use --data-dir to keep it)',
    ];
    inv.io.out(`${lines.join('\n')}\n`);
  }
  return new Promise<number>(() => {
    const stop = () => {
      void sb.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
