import type { SecretName, SettingsPatch } from '../../../../shared/settings';
import { defaultApiV3Url, LiveEnvironmentSchema, type EnvironmentSettings, type LiveEnvironment } from '../../../../shared/settings';
import type { CliExtension } from './cli-extension';
import type { ParsedOptions } from '../options';
import { InputError } from '../input-error';
import { CLI_KEY_ID } from './live-options';
import { WebhookKeys, type WebhookKeysStores } from '../../../services/webhook-keys/webhook-keys';
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

/**
 * `npm run serve -- --base-url U --api-v3-url V --client-id C` with the client secret in
 * HOOKLAB_CLIENT_SECRET (never on the command line, where `ps` shows it). Returns null when
 * none of these flags is given (the embedded sandbox is polled), and throws a message naming
 * what is missing when only some are. `--api-v3-url` defaults to `<base-url>/api/v3` (9).
 * `current` is the environments section now, so the patch keeps the user's other environments.
 */
export function parseHistoryCliOptions(
  args: Pick<ParsedOptions, 'value'>,
  env: Readonly<Record<string, string | undefined>>,
  current: EnvironmentSettings = { active: 'sandbox', live: [] },
): HistoryCliOptions | null {
  const baseUrl = args.value('base-url');
  const apiV3Flag = args.value('api-v3-url');
  const clientId = args.value('client-id');
  if (baseUrl === undefined && apiV3Flag === undefined && clientId === undefined) return null;
  if (baseUrl === undefined) throw new InputError('--base-url is required with --api-v3-url or --client-id');
  if (clientId === undefined) throw new InputError('--client-id is required with --base-url');
  const secret = env.HOOKLAB_CLIENT_SECRET;
  if (!secret) throw new InputError('set the client secret in the HOOKLAB_CLIENT_SECRET environment variable');
  const parsed = LiveEnvironmentSchema.safeParse({
    id: CLI_ENVIRONMENT_ID,
    name: CLI_ENVIRONMENT_ID,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiV3Url: (apiV3Flag ?? defaultApiV3Url(baseUrl)).replace(/\/+$/, ''),
    clientId,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`invalid environment option ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  const environment = parsed.data;
  const live = [...current.live.filter((e) => e.id !== CLI_ENVIRONMENT_ID), environment];
  const secrets: Array<{ name: SecretName; value: string }> = [{ name: environmentSecret(CLI_ENVIRONMENT_ID, 'clientSecret'), value: secret }];
  const secretKey = env.HOOKLAB_SECRET_KEY;
  if (secretKey) secrets.push({ name: environmentSecret(CLI_ENVIRONMENT_ID, 'secretKey'), value: secretKey });
  return { environment, settingsPatch: { environments: { active: CLI_ENVIRONMENT_ID, live } }, secrets };
}

/**
 * Saves a command-line environment like a change made in Settings; the poller then polls it
 * instead of the sandbox. Settings first, then the secrets: a `cli` environment left by an
 * earlier run with another origin has its secrets cleared by the update (secrets are bound to
 * origins), and the new ones must survive that. This runs before the core starts, so the
 * poller never sees the environment without them.
 */
export function applyHistoryCliOptions(options: HistoryCliOptions, ctx: WebhookKeysStores): void {
  ctx.settings.update(options.settingsPatch);
  for (const secret of options.secrets) ctx.secrets.set(secret.name, secret.value);
  // The webhook key given on the command line (--webhook-key) is this store's: what it verifies
  // belongs to the cli environment when reconciling.
  new WebhookKeys(ctx).setEnvironment(CLI_KEY_ID, CLI_ENVIRONMENT_ID);
}

/** `npm run serve` extension: parses the history options and applies them before the core starts. */
export const historyCliExtension: CliExtension = {
  options: [
    { name: 'base-url', value: 'URL', help: "poll this service's history instead of the sandbox's (with --client-id; client secret in HOOKLAB_CLIENT_SECRET)" },
    { name: 'client-id', value: 'ID', help: 'the client id for --base-url' },
    { name: 'api-v3-url', value: 'URL', help: "the service's v3 API (default: <base-url>/api/v3)" },
  ],
  apply(args, env, ctx) {
    const options = parseHistoryCliOptions(args, env, ctx.config.settings.get().environments);
    if (options) applyHistoryCliOptions(options, { ...ctx.config, clock: ctx.runtime.clock });
  },
};
