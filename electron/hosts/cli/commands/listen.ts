import { routeTargets } from '../../../../shared/project-config/schema';
import type { ListenerSettings } from '../../../../shared/settings';
import { PROJECT_CONFIG_ENV, type LoadedProjectConfig } from '../../../services/project-config/project-config';
import type { CommandSpec, Invocation } from '../framework/command';
import { configOf, dataDirOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { SAVE_OPTION } from '../../kit/run-options/run-options';
import { tracingCliExtension } from '../../kit/run-options/tracing-options';
import { closeOnInterrupt, rendererDir, startAppRun } from '../listening/app-run';
import { portOption } from '../../kit/options';
import { applyLiveCliOptions, LISTENER_PORT_OPTION } from '../../kit/run-options/live-options';
import { forwardUrls, idleMessage, planForwardAllowance, refusalMessage, type ForwardAllowance } from '../../kit/run-options/forward-allowance';
import { readSettingsSnapshot } from '../../../services/settings/settings-snapshot';
import { envWebhookKey } from '../../kit/env-webhook-key';
import { otlpEnvironmentLines } from '../../../../shared/tracing/otlp-environment';

export const listenCommand: CommandSpec = {
  name: 'listen',
  summary:
    "The listener without a window: the app's core on the data folder (deliveries stored, verified and forwarded as in the app), one line per delivery. Holds the data folder like the app; other commands reach it through its local API.",
  options: [
    { ...LISTENER_PORT_OPTION, formerly: 'port', help: "the listener's port (default: the config's, else the data folder's, 4780; 0: a free one)" },
    { name: 'forward-to', value: 'URL', repeatable: true, help: "forward every delivery there (default: the config's routes)" },
    ...tracingCliExtension.options,
    { name: 'tunnel', help: 'open a public tunnel to the listener (its URL is printed as "public URL: …")' },
    { name: 'allow-non-loopback', help: 'allow forwarding to targets off this machine (from --forward-to or the config); without it such a target refuses the start' },
    SAVE_OPTION,
  ],
  examples: ['hooklab listen --forward-to http://localhost:3000/webhooks', 'hooklab listen --json | jq .type'],
  run,
};

/** The listener settings this run asks for: flags first, then the config file's routes and port. */
export function listenerPatch(inv: Pick<Invocation, 'value' | 'values'>, config: LoadedProjectConfig | null): Partial<ListenerSettings> {
  const patch: Partial<ListenerSettings> = {};
  const port = portOption(inv, 'listener-port') ?? config?.config.listener.port;
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

/**
 * Targets off this machine: refused unless --allow-non-loopback (checked before anything is
 * saved, so `--save` never keeps a target the user did not allow). Routes come from the config
 * and replace saved ones; the general targets saved earlier stay when this start names none.
 */
function forwardAllowance(inv: Invocation, dataDir: string, patch: Partial<ListenerSettings>, config: LoadedProjectConfig | null): ForwardAllowance {
  const saved = readSettingsSnapshot(dataDir)?.listener;
  const plan = planForwardAllowance({
    requested: forwardUrls(patch),
    saved: patch.forwardTargets === undefined ? (saved?.forwardTargets ?? []) : [],
    allowed: saved?.allowedTargets ?? [],
    allowNonLoopback: inv.flag('allow-non-loopback'),
  });
  if (plan.refused.length > 0) {
    const source = inv.values('forward-to').length > 0 ? '--forward-to' : `the config ${config?.path ?? 'hooklab.config.json'}`;
    throw new CliError(refusalMessage(plan.refused, source));
  }
  return plan;
}

async function run(inv: Invocation): Promise<number> {
  const save = inv.flag('save');
  const dataDir = dataDirOf(inv, save);
  const config = configOf(inv);
  const patch = listenerPatch(inv, config);
  const plan = forwardAllowance(inv, dataDir, patch, config);
  // As `serve`: options (the key in HOOKLAB_WEBHOOK_KEY included, never on the command line)
  // hold for this run; with --save they are saved like a change in Settings.
  const envKey = envWebhookKey(inv.io.env);
  if (envKey?.notice) inv.out.progress(`HOOKLAB_WEBHOOK_KEY: ${envKey.notice}`);
  const listener = plan.allow.length > 0 ? { ...patch, allowedTargets: [...(readSettingsSnapshot(dataDir)?.listener.allowedTargets ?? []), ...plan.allow] } : patch;
  const { folder, core } = await startAppRun(inv, {
    kind: 'listen',
    dataDir,
    save,
    // Settings shows the file this run uses (else the one HOOKLAB_CONFIG names, as serve).
    projectConfigPath: config?.path ?? inv.io.env[PROJECT_CONFIG_ENV],
    options: (ctx) => {
      // First: a malformed --otlp-port is refused before anything is set (or saved).
      tracingCliExtension.apply(inv, inv.io.env, ctx);
      applyLiveCliOptions({ listener, tunnel: inv.flag('tunnel') ? { enabled: true } : {}, webhookKey: envKey?.value ?? null }, { ...ctx.config, clock: ctx.runtime.clock });
    },
    quiet: true,
  });
  const status = core.ctx.runtime.status.get().listener;
  if (status.state !== 'listening' || !status.url) {
    await folder.close();
    throw new CliError(`the listener could not start: ${status.error ?? status.portError ?? status.state}`);
  }
  // The local API (and the UI when built) lets events, replay and the app reach this listener.
  await folder.startLocalApi(0, rendererDir());
  const { forwardTargets, forwardRoutes } = core.ctx.config.settings.get().listener;
  const routes = Object.entries(forwardRoutes).map(([type, urls]) => `${type} -> ${urls.join(', ')}`);
  inv.out.progress(`Ready: listening on ${status.url} (data folder ${dataDir})`);
  if (plan.idle.length > 0) inv.out.progress(idleMessage(plan.idle));
  if (forwardTargets.length > 0) inv.out.progress(`forwarding to ${forwardTargets.join(', ')}`);
  for (const route of routes) inv.out.progress(`forwarding ${route}`);
  if (config) inv.out.progress(`config ${config.path}`);
  for (const line of otlpEnvironmentLines(core.ctx.runtime.status.get().tracing.endpoint)) inv.out.progress(line);
  await closeOnInterrupt(folder);
  return 0;
}
