import { describe, expect, it } from 'vitest';
import { probeFailureCause } from '../../../../../../electron/features/live/probe/probe-cause';

const tunnel = { publicUrl: 'https://hooklab-x1.loca.lt', viaTunnel: true };
const own = { publicUrl: 'https://hooks.example.com/webhooks', viaTunnel: false };

describe('probeFailureCause', () => {
  it('is null when this Hooklab answered', () => {
    expect(probeFailureCause({ kind: 'answered', status: 200, ours: true, firstLine: '' }, tunnel)).toBeNull();
  });

  it('names a host that does not resolve', () => {
    expect(probeFailureCause({ kind: 'error', code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND hooks.example.com' }, own)).toBe(
      'the public host hooks.example.com does not resolve (ENOTFOUND): check the URL',
    );
  });

  it('quotes the tunnel server\'s status and the first line of its body', () => {
    expect(probeFailureCause({ kind: 'answered', status: 503, ours: false, firstLine: 'Tunnel Unavailable' }, tunnel)).toBe(
      'the tunnel server answered 503: "Tunnel Unavailable" instead of passing the request to this Hooklab',
    );
    expect(probeFailureCause({ kind: 'answered', status: 404, ours: false, firstLine: '404' }, tunnel)).toMatch(/^the tunnel server answered 404/);
  });

  it('says the tunnel server refused the connection', () => {
    expect(probeFailureCause({ kind: 'error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, tunnel)).toMatch(/^the tunnel server refused the connection to hooklab-x1\.loca\.lt/);
  });

  it('says nothing answered in time', () => {
    expect(probeFailureCause({ kind: 'timeout', afterMs: 10_000 }, own)).toMatch(/^nothing answered at https:\/\/hooks\.example\.com\/webhooks within 10 s/);
  });

  it('says something else answered: another program, a reminder page', () => {
    expect(probeFailureCause({ kind: 'answered', status: 200, ours: false, firstLine: '<html>Friendly Reminder' }, own)).toBe(
      'something else answered at https://hooks.example.com/webhooks (not this Hooklab: another program on that URL, or a reminder page), with 200: "<html>Friendly Reminder"',
    );
  });

  it('says TLS failed in one sentence, never OpenSSL\'s raw output', () => {
    expect(probeFailureCause({ kind: 'error', code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' }, own)).toBe('TLS failed with hooks.example.com: its certificate has expired');
    const openssl = 'C0B7A1F2E27F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:354:\n';
    expect(probeFailureCause({ kind: 'error', code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: openssl }, own)).toBe(
      'TLS failed with hooks.example.com: it does not speak TLS on that port (should the URL start with http://?)',
    );
    expect(probeFailureCause({ kind: 'error', code: 'EPROTO', message: openssl }, own)).not.toContain('ssl3');
  });

  it('says a public URL that is not a URL is not one (the probe never throws on it)', () => {
    expect(probeFailureCause({ kind: 'error', code: 'ERR_INVALID_URL', message: '' }, { publicUrl: 'not a url', viaTunnel: true })).toBe(
      'the public URL "not a url" is not a URL: the tunnel server gave a bad address',
    );
    expect(probeFailureCause({ kind: 'error', code: 'ERR_INVALID_URL', message: '' }, { publicUrl: 'not a url', viaTunnel: false })).toMatch(/correct it in Settings → Public URL$/);
  });

  it('keeps a hostile first line short and without control characters', () => {
    const cause = probeFailureCause({ kind: 'answered', status: 502, ours: false, firstLine: `\u001b[31m${'x'.repeat(500)}` }, tunnel)!;
    expect(cause).not.toContain('\u001b');
    expect(cause.length).toBeLessThan(250);
  });
});
