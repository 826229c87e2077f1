import { join } from 'node:path';
import { routeTargets } from '../../../../shared/project-config/schema';
import type { ListenerSettings } from '../../../../shared/settings';
import { forwardTargetsFor } from '../../../features/live/forwarding/routes';
import { HostToken } from '../../../services/instance/host-token-file';
import { acquireInstanceLock, InstanceLockedError } from '../../../services/instance/instance-lock';
import { ensurePrivateDir } from '../../../services/platform/private-files';
import type { LoadedProjectConfig } from '../../../services/project-config/project-config';
import { startBrowserHost } from '../../browser/browser-host';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { localSession, openLocalCore } from '../framework/session';
import { stderrNotify } from '../listening/stderr-notify';
import { printDeliveries } from '../listening/delivery-printer';
import { printTunnel } from '../listening/tunnel-printer';
import { packageRoot } from '../package-root';
import { parsePort } from '../args';
import { createRunOverrides } from '../../../services/settings/run-overrides';
import { confSettingsBackend } from '../../../services/settings/conf-backend';
import { FileSecretStore, fileModeCipher } from '../../../services/secrets/secret-store';
import { applyLiveCliOptions } from '../options/live-options';

export const listenCommand: CommandSpec = {
  name: 'listen',
  args: '',
  summary:
    "The listener without a window: the app's core on the data folder (deliveries stored, verified and forwarded as in the app), one line per delivery. Holds the data folder like the app; other commands reach it through its local API.",
  positional: { min: 0, max: 0 },
  options: [
    { name: 'port', value: 'N', help: "the listener's port (default: the config's, else the data folder's, 4780)" },
    { name: 'forward-to', value: 'URL', repeatable: true, help: "forward every delivery there (default: the config's routes)" },
    { name: 'tunnel', help: 'open a public tunnel to the listener (its URL is printed as "public URL: …")' },
    { name: 'save', help: 'keep these options (and --data-dir) for later starts, as a change in Settings; default: this run only' },
  ],
  examples: ['hooklab listen --forward-to http://localhost:3000/webhooks', 'hooklab listen --json | jq .type'],
  run,
};

/** The listener settings this run asks for: flags first, then the config file's routes and port. */
export function listenerPatch(inv: Pick<Invocation, 'value' | 'values'>, config: LoadedProjectConfig | null): Partial<ListenerSettings> {
  const patch: Partial<ListenerSettings> = {};
  const port = parsePort(inv.value('port'), 'port') ?? config?.config.listener.port;
  if (port !== undefined) patch.port = port;
  const forwardTo = inv.values('forward-to');
  for (const url of forwardTo) if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new CliError(`--forward-to ${url}: not an http(s) URL`);
  // --forward-to replaces the config's routes, per-type ones included.
  const routes = config && forwardTo.length === 0 ? Object.keys(config.config.routes) : [];
  if (forwardTo.length > 0) patch.forwardTargets = forwardTo;
  else if (config && routes.includes('*')) patch.forwardTargets = routeTargets(config.config, null);
  // Per-type routes come only from a config: a listen without one sends every type to the
  // general targets, even if an earlier `listen --save` saved some.
  patch.forwardRoutes = Object.fromEntries(routes.filter((type) => type !== '*').map((type) => [type, routeTargets(config!.config, type)]));
  return patch;
}

async function run(inv: Invocation): Promise<number> {
  const save = inv.flag('save');
  const dataDir = dataDirOf(inv, save);
  const config = configOf(inv);
  const patch = listenerPatch(inv, config);
  ensurePrivateDir(dataDir);
  let lock;
  try {
    lock = acquireInstanceLock(dataDir, { kind: 'listen' });
  } catch (error) {
    if (error instanceof InstanceLockedError) throw new CliError(error.message);
    throw error;
  }
  const hostToken = new HostToken(dataDir);
  const overrides = createRunOverrides(confSettingsBackend(dataDir), new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher));
  const core = openLocalCore(dataDir, { hostToken, store: overrides, capabilities: { notify: stderrNotify() } });
  // As `serve`: options (the key in HOOKLAB_WEBHOOK_KEY included, never on the command line)
  // hold for this run; with --save they are saved like a change in Settings.
  const applyOptions = () =>
    applyLiveCliOptions({ listener: patch, tunnel: inv.flag('tunnel') ? { enabled: true } : {}, webhookKey: inv.io.env['HOOKLAB_WEBHOOK_KEY'] || null }, core.ctx);
  if (save) applyOptions();
  else overrides.runOnly(applyOptions);
  const session = localSession(core);
  printDeliveries(session, inv.out, (type) => forwardTargetsFor(core.ctx.settings.get().listener, type));
  printTunnel(session, inv.out);
  await core.start();
  const status = core.ctx.status.get().listener;
  if (status.state !== 'listening' || !status.url) {
    await core.stop();
    lock.release();
    throw new CliError(`the listener could not start: ${status.error ?? status.portError ?? status.state}`);
  }
  // The local API (and the UI when built) lets events, replay and the app reach this listener.
  const host = await startBrowserHost({ core, rendererDir: join(packageRoot(), 'out/renderer'), port: 0, token: hostToken });
  lock.setUrl(host.url);
  const { forwardTargets, forwardRoutes } = core.ctx.settings.get().listener;
  const routes = Object.entries(forwardRoutes).map(([type, urls]) => `${type} -> ${urls.join(', ')}`);
  inv.out.progress(`Ready: listening on ${status.url} (data folder ${dataDir})`);
  if (forwardTargets.length > 0) inv.out.progress(`forwarding to ${forwardTargets.join(', ')}`);
  for (const route of routes) inv.out.progress(`forwarding ${route}`);
  if (config) inv.out.progress(`config ${config.path}`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      void host
        .close()
        .then(() => core.stop())
        .finally(() => {
          lock.release();
          resolve(0);
        });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
