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
import { ensurePrivateDir } from '../../services/platform/private-files';
import { acquireInstanceLock, InstanceLockedError } from '../../services/instance/instance-lock';
import { HostToken } from '../../services/instance/host-token-file';

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
  ensurePrivateDir(dataDir);
  // One writer per data folder, taken before the database opens: a second serve (or the
  // desktop app) on this folder is refused here, and the first keeps working.
  const lock = acquireInstanceLock(dataDir, { kind: 'serve' });
  const hostToken = new HostToken(dataDir);
  const core = createCore({
    hostKind: 'browser',
    version: appVersion(),
    dataDir,
    settingsBackend: confSettingsBackend(dataDir),
    secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher),
    log,
    features: productFeatures,
    hostToken,
  });
  // Command-line options are saved like changes made in the UI, so the desktop app sees them.
  for (const extension of CLI_EXTENSIONS) extension.apply(args, process.env, core.ctx);
  await core.start();
  const rendererDir = join(packageRoot(), 'out/renderer');
  const host = await startBrowserHost({ core, rendererDir, port, token: hostToken });
  lock.setUrl(host.url);
  process.stdout.write(`Hooklab is running at ${host.openUrl}\n`);
  process.stdout.write(`Data folder: ${dataDir}\n`);
  // Tabs with the old address now show "no access"; this is the address that works.
  hostToken.onRotate(() => process.stdout.write(`Access token rotated: Hooklab is now at ${host.openUrl}\n`));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await core.stop();
    lock.release();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // Refused, not failed: another Hooklab holds the folder; the message says which and where.
  if (error instanceof InstanceLockedError) {
    process.stderr.write(`hooklab: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`hooklab: ${(error as Error).message}\n${USAGE}\n`);
  process.exit(1);
});
