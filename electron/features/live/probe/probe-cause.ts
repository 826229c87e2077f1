import { PUBLIC_URL_SETTINGS } from '../../../../shared/net/public-url-words';

/** What came back from sending a probe to the public URL. */
export type ProbeOutcome =
  | { readonly kind: 'answered'; readonly status: number; readonly ours: boolean; readonly firstLine: string }
  | { readonly kind: 'error'; readonly code: string | null; readonly message: string }
  | { readonly kind: 'timeout'; readonly afterMs: number };

export interface ProbeTarget {
  readonly publicUrl: string;
  /** Through a localtunnel server (its answers are the tunnel server's), or the user's own URL. */
  readonly viaTunnel: boolean;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA']);
const TLS_CODE = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_|ERR_SSL|HOSTNAME_MISMATCH|EPROTO/i;
/** The longest piece of a sender's body quoted in a cause: the body is not ours to trust or show whole. */
const QUOTE_CHARS = 120;

function quote(line: string): string {
  // eslint-disable-next-line no-control-regex -- a sender's control characters are what this removes
  const clean = line.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').trim();
  return clean.length > QUOTE_CHARS ? `${clean.slice(0, QUOTE_CHARS)}…` : clean;
}

/** OpenSSL's and Node's TLS codes as one sentence about the certificate or the port. */
const TLS_WORDS: Readonly<Record<string, string>> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate cannot be verified (an intermediate certificate is missing)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is signed by an authority this machine does not trust',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak TLS on that port (should the URL start with http://?)',
  EPROTO: 'it does not speak TLS on that port (should the URL start with http://?)',
};

/** A TLS failure in one sentence: never OpenSSL's raw, multi-line output. */
function tlsCause(host: string, code: string, message: string): string {
  const words = TLS_WORDS[code] ?? (/wrong version number/i.test(message) ? TLS_WORDS.ERR_SSL_WRONG_VERSION_NUMBER : null);
  return `TLS failed with ${host}: ${words ?? `the secure connection could not be set up (${code || 'no code'})`}`;
}

/**
 * Why the service cannot reach this Hooklab, in words a user acts on; null when it can (the
 * listener answered with this run's proof).
 */
export function probeFailureCause(outcome: ProbeOutcome, target: ProbeTarget): string | null {
  let url: URL;
  try {
    url = new URL(target.publicUrl);
  } catch {
    return `the public URL "${quote(target.publicUrl)}" is not a URL: ${target.viaTunnel ? 'the tunnel server gave a bad address' : `correct it in ${PUBLIC_URL_SETTINGS}`}`;
  }
  if (outcome.kind === 'error' && outcome.code === 'ERR_INVALID_PROTOCOL') return `the public URL ${quote(target.publicUrl)} is not http:// or https://: the service sends webhooks to neither`;
  const host = url.hostname;
  const server = target.viaTunnel ? 'the tunnel server' : host;
  if (outcome.kind === 'timeout') {
    return `nothing answered at ${target.publicUrl} within ${Math.round(outcome.afterMs / 1000)} s: ${target.viaTunnel ? 'the tunnel server or the tunnel is stuck' : 'is the program behind your URL running?'}`;
  }
  if (outcome.kind === 'error') {
    const code = outcome.code ?? '';
    if (DNS_CODES.has(code)) return `the public host ${host} does not resolve (${code}): check the URL${target.viaTunnel ? ' and the tunnel server' : ''}`;
    if (code === 'ECONNREFUSED') return `${server} refused the connection to ${url.host} (ECONNREFUSED): ${target.viaTunnel ? 'the tunnel server is down' : 'nothing listens there'}`;
    if (TLS_CODE.test(code) || TLS_CODE.test(outcome.message)) return tlsCause(host, code, outcome.message);
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return `${server} closed the connection before answering (${code})`;
    return `the probe could not reach ${url.host}: ${quote(outcome.message.split(/\r?\n/)[0] ?? '')}${code ? ` (${code})` : ''}`;
  }
  if (outcome.ours) return null;
  const said = outcome.firstLine ? `: "${quote(outcome.firstLine)}"` : '';
  if (outcome.status >= 500 || (target.viaTunnel && outcome.status >= 400)) {
    return `${server} answered ${outcome.status}${said} instead of passing the request to this Hooklab`;
  }
  return `something else answered at ${target.publicUrl} (not this Hooklab: another program on that URL, or a reminder page), with ${outcome.status}${said}`;
}
