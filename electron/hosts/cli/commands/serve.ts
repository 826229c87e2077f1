import { APP_RUN_OPTIONS, CLI_EXTENSIONS } from '../../kit/run-options/run-options';
import { closeOnInterrupt, rendererDir, startAppRun } from '../listening/app-run';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { PROJECT_CONFIG_ENV } from '../../../services/project-config/project-config';
import { otlpEnvironmentLines } from '../../../../shared/tracing/otlp-environment';

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

async function run(inv: Invocation): Promise<number> {
  const save = inv.flag('save');
  const dataDir = dataDirOf(inv, save);
  // The same line per delivery as `hooklab listen`, beside the UI, and the tunnel's public URL.
  const { folder, core } = await startAppRun(inv, {
    kind: 'serve',
    dataDir,
    save,
    projectConfigPath: inv.io.env[PROJECT_CONFIG_ENV],
    options: (ctx) => {
      for (const extension of CLI_EXTENSIONS) extension.apply(inv, inv.io.env, ctx);
    },
    refusalIsUsage: true,
  });
  const host = await folder.startLocalApi(core.ctx.config.settings.get().localApi.port, rendererDir(), (taken) =>
    inv.io.err(`hooklab: port ${taken} is in use: the UI runs on a free port this time (--ui-port N to choose one)\n`),
  );
  if (save) inv.io.out('Options saved for later starts (--save).\n');
  inv.io.out(`Data folder: ${dataDir}\n`);
  for (const line of otlpEnvironmentLines(core.ctx.runtime.status.get().tracing.endpoint)) inv.io.out(`${line}\n`);
  inv.io.out(`Hooklab is running at ${host.openUrl}\n`);
  // Tabs with the old address now show "no access"; this is the address that works.
  folder.hostToken.onRotate(() => inv.io.out(`Access token rotated: Hooklab is now at ${host.openUrl}\n`));
  await closeOnInterrupt(folder);
  process.exit(0);
}
