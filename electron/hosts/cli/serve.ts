/**
 * `npm run serve`: the browser host. Runs the whole core (listener, sandbox, poller...) and
 * serves the UI to a browser on 127.0.0.1, like `stripe listen` with a UI.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './args';
import { chooseDataDir } from './data-dir';
import { appVersion } from './version';
import { packageRoot } from './package-root';
import { CLI_EXTENSIONS } from './extensions';
import { printDeliveries } from './listening/delivery-printer';
import { printTunnel } from './listening/tunnel-printer';
import { localSession } from './framework/session';
import { createOutput } from './framework/output';
import { terminalLine } from './framework/terminal-text';
import { processIo } from './cli-io';
import { forwardTargetsFor } from '../../features/live/forwarding/routes';
import { DataFolderError } from '../../services/platform/private-files';
import { InstanceLockedError } from '../../services/instance/instance-lock';
import { openDataFolder } from '../data-folder/open-folder';
import { otlpEnvironmentLines } from '../../../shared/tracing/otlp-environment';
import { stderrNotify } from './listening/stderr-notify';

const USAGE = `Usage: npm run serve -- [--data-dir DIR] ${CLI_EXTENSIONS.map((e) => e.usage).join(' ')} [--save]
Options apply to this run only; --save keeps them (and --data-dir) for later starts.`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help')) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const args = parseArgs(argv, {
    options: ['data-dir', ...CLI_EXTENSIONS.flatMap((e) => e.options)],
    flags: ['save', ...CLI_EXTENSIONS.flatMap((e) => e.flags)],
  });
  const save = args.flag('save');
  const dataDir = chooseDataDir(args.value('data-dir'), process.env, save);
  // One writer per data folder, taken before the database opens: a second serve (or the
  // desktop app) on this folder is refused here, and the first keeps working.
  // Command-line options hold for this run; saved (as if changed in Settings) only with --save.
  const folder = openDataFolder({
    dataDir,
    kind: 'serve',
    version: appVersion(),
    capabilities: { notify: stderrNotify() },
    save,
    options: (ctx) => {
      for (const extension of CLI_EXTENSIONS) extension.apply(args, process.env, ctx);
    },
  });
  const { core, hostToken } = folder;
  // The same line per delivery as `hooklab listen`, beside the UI, and the tunnel's public URL.
  const session = localSession(core);
  const output = createOutput(processIo(), false);
  printDeliveries(session, output, (type) => forwardTargetsFor(core.ctx.settings.get().listener, type));
  printTunnel(session, output);
  await core.start();
  const rendererDir = join(packageRoot(), 'out/renderer');
  const host = await folder.startLocalApi(core.ctx.settings.get().localApi.port, rendererDir, (taken) =>
    process.stderr.write(`hooklab: port ${taken} is in use: the UI runs on a free port this time (--port N to choose one)\n`),
  );
  if (save) process.stdout.write('Options saved for later starts (--save).\n');
  process.stdout.write(`Data folder: ${dataDir}\n`);
  for (const line of otlpEnvironmentLines(core.ctx.status.get().tracing.endpoint)) process.stdout.write(`${line}\n`);
  process.stdout.write(`Hooklab is running at ${host.openUrl}\n`);
  // Tabs with the old address now show "no access"; this is the address that works.
  hostToken.onRotate(() => process.stdout.write(`Access token rotated: Hooklab is now at ${host.openUrl}\n`));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await folder.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** `hooklab serve …` and `npm run serve`: runs until interrupted. */
export function serveCli(argv: readonly string[] = process.argv.slice(2)): void {
  main(argv).catch((error: unknown) => {
    // Refused, not failed: another Hooklab holds the folder, or the folder cannot be one; the message says which and where.
    if (error instanceof InstanceLockedError || error instanceof DataFolderError) {
      process.stderr.write(`hooklab: ${terminalLine(error.message)}\n`);
      process.exit(2);
    }
    process.stderr.write(`hooklab: ${terminalLine((error as Error).message)}\n${USAGE}\n`);
    process.exit(2);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) serveCli();
