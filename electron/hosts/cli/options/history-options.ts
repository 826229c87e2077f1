import type { SecretName, SettingsPatch } from '../../../../shared/settings';
import { defaultApiV3Url, LiveEnvironmentSchema, type EnvironmentSettings, type LiveEnvironment } from '../../../../shared/settings';
import type { CliExtension } from './cli-extension';
import type { CoreContext } from '../../../services/kernel/feature';
import { CLI_KEY_ID } from './live-options';
import { WebhookKeys } from '../../../services/webhook-keys/webhook-keys';
import { environmentSecret } from '../../../../shared/settings/secret-names';

/** The id (and name) of the live environment the command line defines. */
export const CLI_ENVIRONMENT_ID = 'cli';

export interface HistoryCliOptions {
  readonly environment: LiveEnvironment;
  /** Settings patch that adds (or replaces) the `cli` environment and makes it active. */
  readonly settingsPatch: SettingsPatch;
  /** Secrets to store before the core starts polling. */
  readonly secrets: ReadonlyArray<{ name: SecretName; value: string }>;
}

function flagValue(argv: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === flag) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
      return value;
    }
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

/**
 * `npm run serve -- --base-url U --api-v3-url V --client-id C` with the client secret in
 * HOOKLAB_CLIENT_SECRET (never on the command line, where `ps` shows it). Returns null when
 * none of these flags is given (the embedded sandbox is polled), and throws a message naming
 * what is missing when only some are. `--api-v3-url` defaults to `<base-url>/api/v3` (9).
 * `current` is the environments section now, so the patch keeps the user's other environments.
 */
export function parseHistoryCliOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  current: EnvironmentSettings = { active: 'sandbox', live: [] },
): HistoryCliOptions | null {
  const baseUrl = flagValue(argv, '--base-url');
  const apiV3Flag = flagValue(argv, '--api-v3-url');
  const clientId = flagValue(argv, '--client-id');
  if (baseUrl === undefined && apiV3Flag === undefined && clientId === undefined) return null;
  if (baseUrl === undefined) throw new Error('--base-url is required with --api-v3-url or --client-id');
  if (clientId === undefined) throw new Error('--client-id is required with --base-url');
  const secret = env.HOOKLAB_CLIENT_SECRET;
  if (!secret) throw new Error('set the client secret in the HOOKLAB_CLIENT_SECRET environment variable');
  const parsed = LiveEnvironmentSchema.safeParse({
    id: CLI_ENVIRONMENT_ID,
    name: CLI_ENVIRONMENT_ID,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiV3Url: (apiV3Flag ?? defaultApiV3Url(baseUrl)).replace(/\/+$/, ''),
    clientId,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment option ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  const environment = parsed.data;
  const live = [...current.live.filter((e) => e.id !== CLI_ENVIRONMENT_ID), environment];
  const secrets: Array<{ name: SecretName; value: string }> = [{ name: environmentSecret(CLI_ENVIRONMENT_ID, 'clientSecret'), value: secret }];
  const secretKey = env.HOOKLAB_SECRET_KEY;
  if (secretKey) secrets.push({ name: environmentSecret(CLI_ENVIRONMENT_ID, 'secretKey'), value: secretKey });
  return { environment, settingsPatch: { environments: { active: CLI_ENVIRONMENT_ID, live } }, secrets };
}

/** The options `npm run serve` accepts for the history environment. */
export const HISTORY_CLI_OPTIONS = ['base-url', 'api-v3-url', 'client-id'] as const;

/**
 * Saves a command-line environment like a change made in Settings; the poller then polls it
 * instead of the sandbox. Settings first, then the secrets: a `cli` environment left by an
 * earlier run with another origin has its secrets cleared by the update (secrets are bound to
 * origins), and the new ones must survive that. This runs before the core starts, so the
 * poller never sees the environment without them.
 */
export function applyHistoryCliOptions(options: HistoryCliOptions, ctx: Pick<CoreContext, 'settings' | 'secrets' | 'clock'>): void {
  ctx.settings.update(options.settingsPatch);
  for (const secret of options.secrets) ctx.secrets.set(secret.name, secret.value);
  // The webhook key given on the command line (--webhook-key) is this store's: what it verifies
  // belongs to the cli environment when reconciling.
  new WebhookKeys(ctx).setEnvironment(CLI_KEY_ID, CLI_ENVIRONMENT_ID);
}

/** `npm run serve` extension: parses the history options and applies them before the core starts. */
export const historyCliExtension: CliExtension = {
  usage: '[--base-url URL --client-id ID [--api-v3-url URL]] (client secret in HOOKLAB_CLIENT_SECRET)',
  options: HISTORY_CLI_OPTIONS,
  flags: [],
  apply(args, env, ctx) {
    const argv = HISTORY_CLI_OPTIONS.flatMap((name) => {
      const value = args.value(name);
      return value === undefined ? [] : [`--${name}`, value];
    });
    const options = parseHistoryCliOptions(argv, env, ctx.settings.get().environments);
    if (options) applyHistoryCliOptions(options, ctx);
  },
};
