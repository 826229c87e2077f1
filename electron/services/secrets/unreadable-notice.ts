import type { Settings } from '../../../shared/settings';
import type { UnreadableSecret } from './secret-store';

/** What a secret's name means to the user: "key 'store A'", "the client secret of 'Prod'". */
function secretTitle(name: string, settings: Settings): string {
  const [kind, id = '', part] = name.split(':');
  if (kind === 'webhookKey') {
    const key = settings.listener.keys.find((k) => k.id === id);
    return `key '${key?.label || id}'`;
  }
  if (kind === 'replayKey') return `throwaway Replay key '${id}'`;
  const environment = settings.environments.live.find((e) => e.id === id);
  const what = part === 'clientSecret' ? 'client secret' : 'secret key';
  return `the ${what} of environment '${environment?.name ?? id}'`;
}

const SEALED_BY = {
  safeStorage: 'was sealed by the desktop app: open it there or enter it again',
  base64: 'was saved by the browser host (npm run serve): open it there or enter it again',
  unknown: 'cannot be opened here (damaged, or sealed by another keychain): enter it again',
} as const;

/** One sentence per secret this host cannot open, naming it the way Settings does. */
export function describeUnreadable(secrets: readonly UnreadableSecret[], settings: Settings): string[] {
  return secrets.map((s) => `${secretTitle(s.name, settings)} ${SEALED_BY[s.sealedBy]}.`);
}
