/*
 * The words about the public URL, one vocabulary for the status bar, Settings' Public URL card,
 * the terminal and MCP: whether the service can reach this Hooklab, since when not, and why.
 * Types only from the status contract (it imports the reaches from here).
 */

/** Who can reach a URL, judged from its host (see electron/services/net/address-reach.ts). */
export const PUBLIC_URL_REACHES = ['public', 'this-machine', 'local-network'] as const;
export type PublicUrlReach = (typeof PUBLIC_URL_REACHES)[number];

/** The name of the thing everywhere: the status bar item, the Settings card, the docs. */
export const PUBLIC_URL = 'Public URL';
/** Where a user sets it. */
export const PUBLIC_URL_SETTINGS = 'Settings → Public URL';

/** The tunnel's states as users read them. */
export function tunnelStateWords(state: string): string {
  return state === 'own-url' ? 'your own URL' : state;
}

/** Why the service cannot reach a URL of this reach, or null when it is public. */
export function localOnlyWords(reach: PublicUrlReach | null): string | null {
  if (reach === 'this-machine') return 'only this machine can reach this address: the service cannot';
  if (reach === 'local-network') return 'only this machine and its local network can reach this address: the service cannot';
  return null;
}

/** The status's probe, as these words need it (TunnelProbeStatus). */
export interface ProbeFacts {
  readonly reachable: boolean | null;
  readonly checkedAt: string | null;
  readonly latencyMs: number | null;
  readonly error: string | null;
  readonly unreachableSince: string | null;
  readonly reach: PublicUrlReach | null;
  readonly answeredByAnother: number;
}

export interface ProbeVerdict {
  readonly tone: 'ok' | 'warn' | 'error' | 'idle';
  /** One short line (the status bar's). */
  readonly text: string;
  /** The whole cause in one sentence, or null when all is well (hover, Settings, terminal). */
  readonly why: string | null;
}

/** How long ago, in the largest whole unit that fits ("just now", "12 s ago", "3 min ago"). */
export function ago(iso: string, nowMs: number): string {
  const s = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (s < 2) return 'just now';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  return `${Math.floor(s / 3600)} h ago`;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** The sentence for deliveries something else answered (reconciliation cause `answered-by-another`). */
export function answeredByAnotherWords(deliveries: number): string {
  const n = deliveries === 1 ? '1 delivery' : `${deliveries} deliveries`;
  return `the service says it delivered ${n} to this public URL in the last hour that never reached this Hooklab: something between the service and Hooklab answered in its place, and the service will not retry them (resend them from Live or History)`;
}

/**
 * The verdict on the public URL from the last probe and the service's own log: reachable (with
 * latency and age), reachable from this machine only, answered by something else, or since when
 * and why not.
 */
export function probeVerdict(probe: ProbeFacts, nowMs: number): ProbeVerdict {
  if (probe.answeredByAnother > 0) {
    return { tone: 'error', text: `${probe.answeredByAnother} answered by another`, why: answeredByAnotherWords(probe.answeredByAnother) };
  }
  if (probe.reachable === null || probe.checkedAt === null) return { tone: 'idle', text: 'not probed yet', why: null };
  const latency = probe.latencyMs === null ? '' : ` · ${Math.round(probe.latencyMs)} ms`;
  const age = ago(probe.checkedAt, nowMs);
  if (probe.reachable) return { tone: 'ok', text: `reachable${latency} · ${age}`, why: null };
  const localOnly = localOnlyWords(probe.reach);
  if (localOnly !== null && probe.unreachableSince === null) {
    // The probe came back, but from this machine: the service is elsewhere.
    return { tone: 'warn', text: `${probe.reach === 'this-machine' ? 'this machine only' : 'local network only'}${latency} · ${age}`, why: probe.error ?? localOnly };
  }
  return { tone: 'error', text: `unreachable since ${clock(probe.unreachableSince ?? probe.checkedAt)} · ${age}`, why: probe.error };
}

/** The longest sentence the status bar and Settings show of a library's or a server's words. */
const SENTENCE_CHARS = 200;

/**
 * A library's or a server's error as one sentence: its first line, OpenSSL's
 * `…:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:…` as "TLS failed: wrong
 * version number", control characters out, at most SENTENCE_CHARS.
 */
export function oneSentence(text: string): string {
  const openssl = /SSL routines:[^:]*:([^:\n]+)/.exec(text)?.[1];
  const line = openssl ? `TLS failed: ${openssl.trim()}` : (text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '');
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = line.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > SENTENCE_CHARS ? `${clean.slice(0, SENTENCE_CHARS - 1)}…` : clean;
}
