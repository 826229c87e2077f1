import { routeTargets } from '../../../../shared/project-config/schema';
import { DEFAULT_LISTENER_PORT } from '../../../../shared/settings/listener';
import type { LoadedProjectConfig } from '../../../services/project-config/project-config';
import { allowedTargetVerdict, targetVerdict } from '../../../services/net/target-policy';
import { readSettingsSnapshot } from '../../../services/settings/settings-snapshot';
import { CliError } from '../framework/exit-codes';
import type { OptionSpec, ParsedOptions } from '../../kit/options';

/**
 * The options chooseTargets reads, for every command that sends signed events (trigger,
 * replay, scenario run): `--to` is repeatable where the command can send to several.
 */
export function toOption(options: { repeatable: boolean }): OptionSpec {
  const help = "target (default: the config's routes for the type, else the running listener)";
  return options.repeatable ? { name: 'to', value: 'URL', repeatable: true, help } : { name: 'to', value: 'URL', help };
}

export const ALLOW_NON_LOOPBACK_OPTION: OptionSpec = { name: 'allow-non-loopback', help: 'allow a target that is not on this machine' };

/** The listener's URL on this machine: the config's port, else the data folder's, else the default. */
export function listenerUrl(dataDir: string, config: LoadedProjectConfig | null): string {
  let port = config?.config.listener.port;
  if (port === undefined) port = readSettingsSnapshot(dataDir)?.listener.port;
  return `http://127.0.0.1:${port || DEFAULT_LISTENER_PORT}/`;
}

/**
 * Where an event goes: --to, else the config's routes for its type, else the running listener.
 * A target off this machine needs --allow-non-loopback (it receives events signed with your key).
 */
export function chooseTargets(
  args: Pick<ParsedOptions, 'values' | 'flag'>,
  eventType: string | null,
  config: LoadedProjectConfig | null,
  dataDir: string,
): string[] {
  const to = args.values('to');
  const allowNonLoopback = args.flag('allow-non-loopback');
  const fromRoutes = config ? routeTargets(config.config, eventType) : [];
  const chosen = to.length > 0 ? to : fromRoutes.length > 0 ? fromRoutes : [listenerUrl(dataDir, config)];
  // The one target policy: loopback, this command's flag, or a target the user allowed earlier
  // (Settings → Listener, or a `listen --allow-non-loopback --save`); never the config alone.
  const allowed = readSettingsSnapshot(dataDir)?.listener.allowedTargets ?? [];
  return chosen.map((raw) => {
    const verdict = allowNonLoopback ? targetVerdict(raw, true) : allowedTargetVerdict(raw, allowed);
    if (verdict.allowed) return verdict.url;
    throw new CliError(verdict.needsOptIn ? `${raw} is not on this machine: pass --allow-non-loopback to send it events signed with your key` : verdict.message);
  });
}
