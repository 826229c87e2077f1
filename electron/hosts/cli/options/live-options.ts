import type { ListenerSettings, TunnelSettings, WebhookKeyInfo } from '../../../../shared/settings';
import type { CliExtension } from './cli-extension';
import type { ParsedArgs } from '../args';
import type { CoreContext } from '../../../services/kernel/feature';
import { WebhookKeys } from '../../../services/webhook-keys/webhook-keys';
import { envWebhookKey } from '../values/env-webhook-key';
import { forwardUrls, idleMessage, planForwardAllowance, refusalMessage } from '../listening/forward-allowance';
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

/** The key id a command-line key is stored under (secret `webhookKey:cli`). */
export const CLI_KEY_ID = 'cli';

export const LIVE_CLI_OPTIONS = ['listener-port', 'forward-to', 'webhook-key'] as const;
export const LIVE_CLI_FLAGS = ['tunnel', 'allow-non-loopback'] as const;

/**
 * `--listener-port N --forward-to URL [--forward-to URL2] --webhook-key K --tunnel`. The key may
 * come from HOOKLAB_WEBHOOK_KEY instead (command lines are visible to other users); the option
 * wins when both are given. Throws a readable error on a bad value.
 */
export function parseLiveCliOptions(args: Pick<ParsedArgs, 'value' | 'values' | 'flag'>, env: NodeJS.ProcessEnv): LiveCliOptions {
  const listener: { port?: number; forwardTargets?: string[] } = {};
  const portText = args.value('listener-port');
  if (portText !== undefined) {
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--listener-port must be a port number 0-65535');
    listener.port = port;
  }
  const targets = args.values('forward-to');
  if (targets.length > 0) {
    for (const target of targets) {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        throw new Error(`--forward-to "${target}" is not a URL`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--forward-to "${target}" must be http(s)`);
    }
    listener.forwardTargets = targets;
  }
  const option = args.value('webhook-key');
  if (option !== undefined && option.trim() === '') throw new Error('the webhook key is empty');
  const fromEnv = option === undefined ? envWebhookKey(env) : null;
  const webhookKey = option ?? fromEnv?.value ?? null;
  return { listener, tunnel: args.flag('tunnel') ? { enabled: true } : {}, webhookKey, ...(fromEnv?.notice ? { keyNotice: `HOOKLAB_WEBHOOK_KEY: ${fromEnv.notice}` } : {}) };
}

/** Applies parsed options like a change made in the UI (saved only with `--save`, see serve.ts). */
export function applyLiveCliOptions(options: LiveCliOptions, ctx: Pick<CoreContext, 'settings' | 'secrets' | 'clock'>): void {
  let keys: WebhookKeyInfo[] | undefined;
  if (options.webhookKey !== null) {
    // Saved below with the other options, in one change.
    keys = new WebhookKeys(ctx).withCurrent({ id: CLI_KEY_ID, label: 'from the command line', value: options.webhookKey, environmentId: null });
  }
  const listener = { ...options.listener, ...(keys ? { keys } : {}) };
  if (Object.keys(listener).length > 0 || Object.keys(options.tunnel).length > 0) {
    // The embedded sandbox signs with the same key, so the user's handler (which verifies with
    // it) accepts the sandbox's events as well as the service's.
    const sandbox = options.webhookKey !== null ? { sandbox: { signingKeyId: CLI_KEY_ID } } : {};
    ctx.settings.update({ listener, tunnel: options.tunnel, ...sandbox });
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
  if (plan.refused.length > 0) throw new Error(refusalMessage(plan.refused, '--forward-to'));
  if (plan.idle.length > 0) log.warn(idleMessage(plan.idle));
  if (plan.allow.length === 0) return options;
  return { ...options, listener: { ...options.listener, allowedTargets: [...saved.allowedTargets, ...plan.allow] } };
}

/** The live options as an extension of the serve command line. */
export const liveCliExtension: CliExtension = {
  usage: '[--listener-port N] [--forward-to URL]... [--allow-non-loopback] [--webhook-key K | env HOOKLAB_WEBHOOK_KEY] [--tunnel]',
  options: LIVE_CLI_OPTIONS,
  flags: LIVE_CLI_FLAGS,
  apply: (args, env, ctx) => {
    const options = parseLiveCliOptions(args, env);
    if (options.keyNotice) ctx.log.warn(options.keyNotice);
    applyLiveCliOptions(withForwardAllowance(options, ctx.settings.get().listener, args.flag('allow-non-loopback'), ctx.log), ctx);
  },
};
