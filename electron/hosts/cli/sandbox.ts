/**
 * `npm run sandbox -- [--port N] [--data-dir D] [--json]`: runs the sandbox standalone until
 * interrupted. With --json it prints exactly one line, a JSON object, for scripts to parse.
 */
import { pathToFileURL } from 'node:url';
import { startSandbox } from '../../emulator';

interface CliArgs {
  port: number;
  dataDir?: string;
  json: boolean;
}

function parseArgs(argv: string[]): CliArgs {
  const out: CliArgs = { port: 0, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error('--port must be 0..65535');
      out.port = n;
    } else if (flag === '--data-dir') out.dataDir = value();
    else if (flag === '--json') out.json = true;
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: hooklab sandbox [--port N] [--data-dir DIR] [--json]');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  return out;
}

async function main(argv: readonly string[]): Promise<void> {
  let args: CliArgs;
  try {
    args = parseArgs([...argv]);
  } catch (err) {
    console.error(`hooklab sandbox: ${(err as Error).message}`);
    process.exit(2);
  }
  // A kept sandbox takes its ids from the folder's id space, as the app's and trigger's do.
  const sb = await startSandbox({ port: args.port, ...(args.dataDir ? { dataDir: args.dataDir, idSpaceDir: args.dataDir } : {}) });
  const s = sb.defaultStore;
  if (args.json) {
    // defaultStore is already exactly the six credential fields the --json contract names.
    process.stdout.write(`${JSON.stringify({ baseUrl: sb.baseUrl, apiV3Url: sb.apiV3Url, controlUrl: sb.controlUrl, store: s })}\n`);
  } else {
    console.log(`Sandbox listening`);
    console.log(`  {base_url}    ${sb.baseUrl}`);
    console.log(`  {api_v3_url}  ${sb.apiV3Url}`);
    console.log(`  control       ${sb.controlUrl}`);
    console.log(`Default store ${s.storeId}`);
    console.log(`  clientId      ${s.clientId}`);
    console.log(`  clientSecret  ${s.clientSecret}`);
    console.log(`  secretKey     ${s.secretKey}`);
    console.log(`  webhookKey    ${s.webhookKey}`);
    console.log(`  webhookUrl    ${s.webhookUrl || '(none; PUT /_sandbox/stores/{id}/webhook)'}`);
    console.log(args.dataDir ? `State kept in ${args.dataDir}` : 'State in memory (use --data-dir to keep it)');
  }
  const stop = () => {
    void sb.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** `hooklab sandbox …` and `npm run sandbox`: runs until interrupted. */
export function sandboxCli(argv: readonly string[] = process.argv.slice(2)): void {
  void main(argv).catch((err: unknown) => {
    console.error(`hooklab sandbox: ${(err as Error).message}`);
    process.exit(2);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) sandboxCli();
