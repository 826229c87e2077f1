import { isLoopbackHost } from './loopback';

/**
 * Where replays may go. Loopback (127.0.0.0/8, ::1, localhost) works at once; any other host
 * needs the user's explicit opt-in for that target, because a replay carries a body signed
 * with a real key to a machine that is not this one. Decided from the URL alone, before any
 * connection is opened.
 */

export interface TargetVerdict {
  readonly url: string;
  readonly loopback: boolean;
  readonly allowed: boolean;
  readonly needsOptIn: boolean;
  /** Why it is refused, the question to ask before opting in, or what is allowed. */
  readonly message: string;
}

/** The parsed URL of an http(s) target, or an error message for the user. */
export function parseTarget(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw}" is not a URL (write it as http://127.0.0.1:3000/webhooks)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not supported: use an http:// or https:// URL`;
  if (url.username || url.password) return 'a target URL cannot carry a user name or password';
  return url;
}

/** Whether replays may go to `raw`, given whether the user opted in to this very target. */
export function targetVerdict(raw: string, optedIn: boolean): TargetVerdict {
  const url = parseTarget(raw);
  if (typeof url === 'string') return { url: raw, loopback: false, allowed: false, needsOptIn: false, message: url };
  const loopback = isLoopbackHost(url.hostname);
  if (loopback) return { url: url.href, loopback, allowed: true, needsOptIn: false, message: 'loopback: replays stay on this machine' };
  if (optedIn) return { url: url.href, loopback, allowed: true, needsOptIn: false, message: `${url.host} is not on this machine; you opted in` };
  return {
    url: url.href,
    loopback,
    allowed: false,
    needsOptIn: true,
    message:
      `${url.host} is not on this machine: a replay sends a body signed with your webhook key there. ` +
      'Add it as a Replay target, opting in with the reason (for example, your staging handler).',
  };
}

/** A target as compared with the allowed ones: its parsed form (`HTTP://Host:80/x` is `http://host/x`). */
export function normaliseTarget(raw: string): string {
  const url = parseTarget(raw);
  return typeof url === 'string' ? raw : url.href;
}

/**
 * The one rule for every way Hooklab sends (forwarding, trigger, replay, scenarios): loopback, or
 * a target the user allowed (on the command line, in the app, or as an opted-in Replay target).
 * A file in the working directory allows nothing.
 */
export function allowedTargetVerdict(raw: string, allowed: readonly string[]): TargetVerdict {
  const href = normaliseTarget(raw);
  return targetVerdict(raw, allowed.some((a) => normaliseTarget(a) === href));
}

/** The targets among `urls` that are off this machine and not allowed yet. */
export function unallowedTargets(urls: readonly string[], allowed: readonly string[]): string[] {
  return [...new Set(urls)].filter((u) => {
    const v = allowedTargetVerdict(u, allowed);
    return !v.allowed && v.needsOptIn;
  });
}
