/**
 * The names secrets are stored under, said once for the core and the renderer: a webhook key
 * `webhookKey:<key id>`, a throwaway Replay key `replayKey:<key id>`, and an environment's two
 * credentials `env:<environment id>:clientSecret` / `env:<environment id>:secretKey`.
 */

/** A key id (webhook or Replay key): what may follow `webhookKey:` or `replayKey:`. */
export const KEY_ID_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
/** An environment id: what may follow `env:`. */
export const ENVIRONMENT_ID_PATTERN = /^[a-z0-9-]{1,40}$/;

/** The two credentials an environment has. */
export type EnvironmentCredential = 'clientSecret' | 'secretKey';

export type WebhookKeySecretName = `webhookKey:${string}`;
export type ReplayKeySecretName = `replayKey:${string}`;
export type EnvironmentSecretName = `env:${string}:${EnvironmentCredential}`;

export function webhookKeySecret(keyId: string): WebhookKeySecretName {
  return `webhookKey:${keyId}`;
}

export function replayKeySecret(keyId: string): ReplayKeySecretName {
  return `replayKey:${keyId}`;
}

export function environmentSecret(environmentId: string, credential: EnvironmentCredential): EnvironmentSecretName {
  return `env:${environmentId}:${credential}`;
}

const body = (pattern: RegExp) => pattern.source.slice(1, -1);

/** Every name a secret may have (the secrets calls refuse any other). */
export const SECRET_NAME_PATTERN = new RegExp(
  `^((webhookKey|replayKey):${body(KEY_ID_PATTERN)}|env:${body(ENVIRONMENT_ID_PATTERN)}:(clientSecret|secretKey))$`,
);
