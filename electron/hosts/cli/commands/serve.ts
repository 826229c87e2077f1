import { join } from 'node:path';
import { appVersion } from '../version';
import { packageRoot } from '../package-root';
import { APP_RUN_OPTIONS, CLI_EXTENSIONS } from '../extensions';
import { printDeliveries } from '../listening/delivery-printer';
import { printTunnel } from '../listening/tunnel-printer';
import { localSession } from '../framework/session';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { forwardTargetsFor } from '../../../features/live/forwarding/routes';
import { DataFolderError } from '../../../services/platform/private-files';
import { InstanceLockedError } from '../../../services/instance/instance-lock';
import { PROJECT_CONFIG_ENV } from '../../../services/project-config/project-config';
import { openDataFolder, type OpenFolder } from '../../data-folder/open-folder';
import { otlpEnvironmentLines } from '../../../../shared/tracing/otlp-environment';
import { stderrNotify } from '../listening/stderr-notify';

/**
 * `hooklab serve` (and `npm run serve`): the browser host. Runs the whole core (listener,
 * sandbox, poller...) and serves the UI to a browser on 127.0.0.1, like `stripe listen` with a UI.
 */
export const serveCommand: CommandSpec = {
  name: 'serve',
  summary:
    "The app in a browser: the whole core on the data folder (listener, sandbox, history) and its UI on 127.0.0.1. Options apply to this run only; --save keeps them (and --data-dir) for later starts. The webhook key may come from HOOKLAB_WEBHOOK_KEY, the client secret of --base-url from HOOKLAB_CLIENT_SECRET.",
  options: APP_RUN_OPTIONS,
  common: ['data-dir'],
  examples: ['hooklab serve --ui-port 8080 --listener-port 9000', 'hooklab serve --forward-to http://localhost:3000/webhooks --save'],
  // As before it joined the framework: a later option overrides an earlier one.
  rules: { laterWins: true },
  run,
};

/** The data folder opened with this run's options; a bad option is said with the usage, a held folder without. */
function open(inv: Invocation, dataDir: string, save: boolean): OpenFolder {
  try {
    // One writer per data folder, taken before the database opens: a second serve (or the
    // desktop app) on this folder is refused here, and the first keeps working.
    // Command-line options hold for this run; saved (as if changed in Settings) only with --save.
    return openDataFolder({
      dataDir,
      kind: 'serve',
      version: appVersion(),
      capabilities: { notify: stderrNotify() },
      projectConfigPath: inv.io.env[PROJECT_CONFIG_ENV],
      save,
      options: (ctx) => {
        for (const extension of CLI_EXTENSIONS) extension.apply(inv, inv.io.env, ctx);
      },
    });
  } catch (error) {
    if (error instanceof InstanceLockedError) throw new CliError(error.message);
    if (error instanceof DataFolderError || !(error instanceof Error)) throw error;
    throw new CliError(error.message, { usage: true });
  }
}

async function run(inv: Invocation): Promise<number> {
  const save = inv.flag('save');
  const dataDir = dataDirOf(inv, save);
  const folder = open(inv, dataDir, save);
  const { hostToken } = folder;
  // The same line per delivery as `hooklab listen`, beside the UI, and the tunnel's public URL.
  const core = await folder.start((started) => {
    const session = localSession(started);
    printDeliveries(session, inv.out, (type) => forwardTargetsFor(started.ctx.config.settings.get().listener, type));
    printTunnel(session, inv.out);
  });
  const rendererDir = join(packageRoot(), 'out/renderer');
  const host = await folder.startLocalApi(core.ctx.config.settings.get().localApi.port, rendererDir, (taken) =>
    inv.io.err(`hooklab: port ${taken} is in use: the UI runs on a free port this time (--ui-port N to choose one)\n`),
  );
  if (save) inv.io.out('Options saved for later starts (--save).\n');
  inv.io.out(`Data folder: ${dataDir}\n`);
  for (const line of otlpEnvironmentLines(core.ctx.runtime.status.get().tracing.endpoint)) inv.io.out(`${line}\n`);
  inv.io.out(`Hooklab is running at ${host.openUrl}\n`);
  // Tabs with the old address now show "no access"; this is the address that works.
  hostToken.onRotate(() => inv.io.out(`Access token rotated: Hooklab is now at ${host.openUrl}\n`));
  return new Promise<number>(() => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await folder.close();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
