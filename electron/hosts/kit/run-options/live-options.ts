import type { ListenerSettings, TunnelSettings, WebhookKeyInfo } from '../../../../shared/settings';
import type { CliExtension } from './cli-extension';
import type { OptionSpec, ParsedOptions } from '../options';
import { portOption } from '../options';
import { InputError } from '../input-error';
import { WebhookKeys, type WebhookKeysStores } from '../../../services/webhook-keys/webhook-keys';
import { envWebhookKey } from '../env-webhook-key';
import { forwardUrls, idleMessage, planForwardAllowance, refusalMessage } from './forward-allowance';
import type { Logger } from '../../../services/kernel/logger';

/** What the live options of `npm run serve` ask for. */
export interface LiveCliOptions {
  readonly listener: Partial<Pick<ListenerSettings, 'port' | 'forwardTargets' | 'forwardRoutes' | 'allowedTargets'>>;
  readonly tunnel: Partial<Pick<TunnelSettings, 'enabled'>>;
  /** The webhook key to store as current, or null to keep the stored keys. */
  readonly webhookKey: string | null;
  /** What was trimmed off HOOKLAB_WEBHOOK_KEY, said at start; absent when nothing was. */
  readonly keyNotice?: string;
}

/** `--listener-port N`: the webhook listener's port, the same name in every command that takes it. */
export const LISTENER_PORT_OPTION: OptionSpec = { name: 'listener-port', value: 'N', help: "the webhook listener's port (default 4780; 0: a free one)" };

/** The key id a command-line key is stored under (secret `webhookKey:cli`). */
export const CLI_KEY_ID = 'cli';

/**
 * `--listener-port N --forward-to URL [--forward-to URL2] --webhook-key K --tunnel`. The key may
 * come from HOOKLAB_WEBHOOK_KEY instead (command lines are visible to other users); the option
 * wins when both are given. Throws a readable error on a bad value.
 */
export function parseLiveCliOptions(args: Pick<ParsedOptions, 'value' | 'values' | 'flag'>, env: NodeJS.ProcessEnv): LiveCliOptions {
  const listener: { port?: number; forwardTargets?: string[] } = {};
  const port = portOption(args, 'listener-port');
  if (port !== undefined) listener.port = port;
  const targets = args.values('forward-to');
  if (targets.length > 0) {
    for (const target of targets) {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        throw new InputError(`--forward-to "${target}" is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(`--forward-to "${target}" must be http(s)`);
    }
    listener.forwardTargets = targets;
  }
  const option = args.value('webhook-key');
  if (option !== undefined && option.trim() === '') throw new InputError('the webhook key is empty');
  const fromEnv = option === undefined ? envWebhookKey(env) : null;
  const webhookKey = option ?? fromEnv?.value ?? null;
  return { listener, tunnel: args.flag('tunnel') ? { enabled: true } : {}, webhookKey, ...(fromEnv?.notice ? { keyNotice: `HOOKLAB_WEBHOOK_KEY: ${fromEnv.notice}` } : {}) };
}

/** Applies parsed options like a change made in the UI (saved only with `--save`, see serve.ts). */
export function applyLiveCliOptions(options: LiveCliOptions, ctx: WebhookKeysStores): void {
  let keys: WebhookKeyInfo[] | undefined;
  if (options.webhookKey !== null) {
    // Saved below with the other options, in one change.
    keys = new WebhookKeys(ctx).withCurrent({ id: CLI_KEY_ID, label: 'from the command line', value: options.webhookKey, environmentId: null });
  }
  const listener = { ...options.listener, ...(keys ? { keys } : {}) };
  if (Object.keys(listener).length > 0 || Object.keys(options.tunnel).length > 0) {
    // The key is the listener's only: the embedded sandbox keeps signing with its own key (it
    // never holds a real store's), which the listener knows beside this one.
    ctx.settings.update({ listener, tunnel: options.tunnel });
  }
}

/**
 * The options with the forward targets this start allows (see planForwardAllowance): a
 * `--forward-to` off this machine without --allow-non-loopback throws before anything is saved;
 * saved targets that stay unallowed are said, and get nothing.
 */
function withForwardAllowance(options: LiveCliOptions, saved: ListenerSettings, allowNonLoopback: boolean, log: Logger): LiveCliOptions {
  const given = options.listener.forwardTargets;
  const plan = planForwardAllowance({
    requested: given ?? [],
    saved: given ? forwardUrls({ forwardRoutes: saved.forwardRoutes }) : forwardUrls(saved),
    allowed: saved.allowedTargets,
    allowNonLoopback,
  });
  if (plan.refused.length > 0) throw new InputError(refusalMessage(plan.refused, '--forward-to'));
  if (plan.idle.length > 0) log.warn(idleMessage(plan.idle));
  if (plan.allow.length === 0) return options;
  return { ...options, listener: { ...options.listener, allowedTargets: [...saved.allowedTargets, ...plan.allow] } };
}

/** The live options as an extension of the serve command line. */
export const liveCliExtension: CliExtension = {
  options: [
    LISTENER_PORT_OPTION,
    { name: 'forward-to', value: 'URL', repeatable: true, help: 'forward every delivery there' },
    { name: 'allow-non-loopback', help: 'allow forwarding to targets off this machine; without it such a target refuses the start' },
    { name: 'webhook-key', value: 'K', help: 'the webhook key to verify with (better: HOOKLAB_WEBHOOK_KEY, which other users cannot see)' },
    { name: 'tunnel', help: 'open a public tunnel to the listener (its URL is printed as "public URL: …")' },
  ],
  apply: (args, env, ctx) => {
    const options = parseLiveCliOptions(args, env);
    if (options.keyNotice) ctx.runtime.log.warn(options.keyNotice);
    applyLiveCliOptions(withForwardAllowance(options, ctx.config.settings.get().listener, args.flag('allow-non-loopback'), ctx.runtime.log), { ...ctx.config, clock: ctx.runtime.clock });
  },
};
