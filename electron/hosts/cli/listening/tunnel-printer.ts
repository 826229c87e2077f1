import type { TunnelStatus } from '../../../../shared/contract/status';
import type { Output } from '../framework/output';
import type { CoreSession } from '../framework/session';
import { terminalSafe } from '../framework/terminal-text';
import { terminalTime } from '../framework/terminal-time';
import { answeredByAnotherWords } from '../../../../shared/net/public-url-words';

/** What a user must know of the tunnel: its public URL (and that it changed), or why it is down (both the tunnel server's words). */
function tunnelLine(t: TunnelStatus): string | null {
  if ((t.state === 'open' || t.state === 'own-url') && t.publicUrl) {
    return `public URL: ${terminalSafe(t.publicUrl, 200)}${t.urlChanged ? ' (changed: update the webhook URL in the merchant portal)' : ''}`;
  }
  // A setting that cannot work (a server named by an IP address) is not retried: it waits for a change.
  if (t.state === 'error') return `tunnel down: ${t.error === null ? 'no reason given' : terminalSafe(t.error, 200)}${t.reconnectAttempt > 0 ? ' (retrying)' : ''}`;
  return null;
}

/**
 * The probe's verdict: whether the service can reach this Hooklab. Latency is left out so a
 * line is printed when the verdict (or its cause) changes, not at every probe.
 */
function probeLine(t: TunnelStatus): string | null {
  const probe = t.probe;
  // The service's own log outranks the probe: it saw deliveries answered in Hooklab's place.
  if (probe.answeredByAnother > 0 && t.publicUrl !== null) return `public URL NOT reachable: ${answeredByAnotherWords(probe.answeredByAnother)}`;
  if (probe.reachable === null || t.publicUrl === null) return null;
  // The cause may quote the tunnel server's or another program's answer: shown escaped.
  if (probe.reachable) return `public URL reachable: a probe sent to ${terminalSafe(t.publicUrl, 200)} came back to this listener`;
  // Came back, from this machine: the address is one the service cannot reach (loopback, private).
  if (probe.unreachableSince === null) return `public URL NOT reachable by the service: ${probe.error === null ? 'no reason given' : terminalSafe(probe.error, 300)}`;
  return `public URL NOT reachable since ${terminalTime(probe.unreachableSince ?? probe.checkedAt)}: ${probe.error === null ? 'no reason given' : terminalSafe(probe.error, 300)}`;
}

/**
 * Prints the tunnel's public URL once it opens, again when it changes, why it went down, the
 * probe's verdict once there is one and one line whenever it changes, and any notice about
 * the address (another subdomain granted, moved to the next server). `app.status` comes for a
 * change of any part of the status, so a line is printed only when it differs from the last.
 */
export function printTunnel(session: CoreSession, out: Output): () => void {
  const last = { tunnel: null as string | null, probe: null as string | null, notice: null as string | null };
  return session.onEvent('app.status', ({ tunnel }) => {
    const lines = { tunnel: tunnelLine(tunnel), probe: probeLine(tunnel), notice: tunnel.notice ? `NOTICE: ${terminalSafe(tunnel.notice, 400)}` : null };
    for (const kind of ['tunnel', 'notice', 'probe'] as const) {
      const line = lines[kind];
      if (line === null || line === last[kind]) continue;
      last[kind] = line;
      out.progress(line);
    }
  });
}
