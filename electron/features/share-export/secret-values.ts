import { readHostToken } from '../../services/instance/host-token-file';
import type { SecretStore } from '../../services/secrets/secret-store';

/** Values this short could be anything (a port, a word): never hunted for, they are not secrets. */
const SHORTEST_SECRET = 8;
export const REMOVED = '[redacted]';

/** Header and query names that carry credentials: their values never leave in a shared file. */
const SECRET_NAME = /auth|token|secret|password|passwd|api[-_]?key|cookie|session|signature-key|credential/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** Headers with every credential's value replaced, names and order kept. */
export function withoutSecretHeaders(headers: ReadonlyArray<[string, string]>): Array<[string, string]> {
  return headers.map(([name, value]) => [name, isSecretName(name) ? REMOVED : value]);
}

/** A URL with the values of credential-named query parameters replaced (the rest as written). */
export function withoutSecretQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: judged as written.
      }
      return eq >= 0 && isSecretName(decoded) ? `${name}=${encodeURIComponent(REMOVED)}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/**
 * Every secret this data folder holds (webhook keys, API credentials, the folder's access
 * token): a shared file is scrubbed of each, wherever a sender's bytes put it.
 */
export function heldSecrets(config: { readonly secrets: SecretStore; readonly dataDir: string }): string[] {
  const values = config.secrets.names().flatMap((name) => {
    const value = config.secrets.get(name);
    return value === undefined ? [] : [value];
  });
  const token = readHostToken(config.dataDir);
  if (token) values.push(token);
  // Longest first: a secret that contains another is replaced whole.
  return [...new Set(values.map((v) => v.trim()).filter((v) => v.length >= SHORTEST_SECRET))].sort((a, b) => b.length - a.length);
}

/** The text with each held secret replaced. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REMOVED);
  return out;
}
