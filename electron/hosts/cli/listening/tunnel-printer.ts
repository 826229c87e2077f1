import type { TunnelStatus } from '../../../../shared/contract/status';
import type { Output } from '../framework/output';
import type { CoreSession } from '../framework/session';
import { terminalSafe } from '../framework/terminal-text';

/** What a user must know of the tunnel: its public URL (and that it changed), or why it is down (both the tunnel server's words). */
function tunnelLine(t: TunnelStatus): string | null {
  if ((t.state === 'open' || t.state === 'own-url') && t.publicUrl) {
    return `public URL: ${terminalSafe(t.publicUrl, 200)}${t.urlChanged ? ' (changed: update the webhook URL in the merchant portal)' : ''}`;
  }
  if (t.state === 'error') return `tunnel down: ${t.error === null ? 'no reason given' : terminalSafe(t.error, 200)} (retrying)`;
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
