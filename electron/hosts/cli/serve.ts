/**
 * `npm run serve`: the browser host. Runs the whole core (listener, sandbox, poller...) and
 * serves the UI to a browser on 127.0.0.1, like `stripe listen` with a UI.
 */
import { join } from 'node:path';
import { createCore } from '../../core/core';
import { productFeatures } from '../../core/product-features';
import { confSettingsBackend } from '../../services/settings/conf-backend';
import { FileSecretStore, fileModeCipher } from '../../services/secrets/secret-store';
import { startBrowserHost } from '../browser/browser-host';
import { createConsoleLogger } from '../../services/kernel/logger';
import { parseArgs, parsePort } from './args';
import { defaultDataDir } from './data-dir';
import { appVersion } from './version';
import { packageRoot } from './package-root';
import { CLI_EXTENSIONS } from './extensions';

const USAGE = `Usage: npm run serve -- [--port N] [--data-dir DIR] ${CLI_EXTENSIONS.map((e) => e.usage).join(' ')}`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const args = parseArgs(argv, {
    options: ['port', 'data-dir', ...CLI_EXTENSIONS.flatMap((e) => e.options)],
    flags: CLI_EXTENSIONS.flatMap((e) => e.flags),
  });
  const dataDir = args.value('data-dir') ?? defaultDataDir();
  const port = parsePort(args.value('port'), 'port') ?? 0;
  const log = createConsoleLogger();
  const core = createCore({
    hostKind: 'browser',
    version: appVersion(),
    dataDir,
    settingsBackend: confSettingsBackend(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher),
    log,
    features: productFeatures,
  });
  // Command-line options are saved like changes made in the UI, so the desktop app sees them.
  for (const extension of CLI_EXTENSIONS) extension.apply(args, process.env, core.ctx);
  await core.start();
  const rendererDir = join(packageRoot(), 'out/renderer');
  const host = await startBrowserHost({ core, rendererDir, port });
  process.stdout.write(`Hooklab is running at ${host.openUrl}\n`);
  process.stdout.write(`Data folder: ${dataDir}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await core.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`hooklab: ${(error as Error).message}\n${USAGE}\n`);
  process.exit(1);
});
