import type { TunnelStatus } from '../../../../shared/contract/status';
import type { Output } from '../framework/output';
import type { CoreSession } from '../framework/session';

/** What a user must know of the tunnel: its public URL (and that it changed), or why it is down. */
function tunnelLine(t: TunnelStatus): string | null {
  if ((t.state === 'open' || t.state === 'own-url') && t.publicUrl) {
    return `public URL: ${t.publicUrl}${t.urlChanged ? ' (changed: update the webhook URL in the merchant portal)' : ''}`;
  }
  if (t.state === 'error') return `tunnel down: ${t.error ?? 'no reason given'} (retrying)`;
  return null;
}

/**
 * Prints the tunnel's public URL once it opens, again when it changes, and why it went down.
 * `app.status` comes for a change of any part of the status, so a line is printed only when
 * it differs from the last one.
 */
export function printTunnel(session: CoreSession, out: Output): () => void {
  let last: string | null = null;
  return session.onEvent('app.status', ({ tunnel }) => {
    const line = tunnelLine(tunnel);
    if (line === null || line === last) return;
    last = line;
    out.progress(line);
  });
}
