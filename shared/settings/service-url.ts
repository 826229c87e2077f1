/**
 * Whether a URL a secret will be sent to is acceptable: https anywhere, plain http only on
 * loopback (127.0.0.0/8, ::1, localhost), where nothing crosses a network. Returns the reason
 * it is not, for the message shown next to the field, or null when it is fine.
 */
export function serviceUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL (expected https://…)';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    return isLoopbackHost(url.hostname)
      ? null
      : 'must be https:// (plain http:// only for loopback: 127.0.0.1, ::1, localhost), since the client secret is sent to it';
  }
  return `must be https:// (not ${url.protocol})`;
}

/** 127.0.0.0/8, ::1 and localhost (with or without the brackets and trailing dot URLs allow). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The origin (scheme, host, port) a URL points at, or the URL itself when it does not parse. */
export function originOf(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value;
  }
}
