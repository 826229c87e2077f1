import type { TunnelProbeStatus } from '../../../shared/contract/status';

/** How long ago, in the largest whole unit that fits ("just now", "12 s ago", "3 min ago"). */
export function ago(iso: string, nowMs: number): string {
  const s = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (s < 2) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/**
 * The status bar's words for the last probe of the public URL: whether the service can reach
 * this Hooklab (with latency and how long ago), or since when and why not.
 */
export function probeVerdict(probe: TunnelProbeStatus, nowMs: number): { tone: 'ok' | 'error' | 'idle'; text: string; why: string | null } {
  if (probe.reachable === null || probe.checkedAt === null) return { tone: 'idle', text: 'not probed yet', why: null };
  if (probe.reachable) {
    const latency = probe.latencyMs === null ? '' : ` · ${Math.round(probe.latencyMs)} ms`;
    return { tone: 'ok', text: `reachable${latency} · ${ago(probe.checkedAt, nowMs)}`, why: null };
  }
  return { tone: 'error', text: `unreachable since ${clock(probe.unreachableSince ?? probe.checkedAt)}`, why: probe.error };
}
