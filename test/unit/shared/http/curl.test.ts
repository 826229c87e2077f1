import { describe, expect, it } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { listenerCurlUrl, printfFormat, toCurl } from '../../../../shared/http/curl';

const run = promisify(execFile);

/** Runs a generated command against a real server on loopback and returns what arrived. */
async function sendWithCurl(command: (listenerUrl: string) => string, stderr: string[] = []) {
  const arrived: { method: string; target: string; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrived.push({ method: req.method ?? '', target: req.url ?? '', body: Buffer.concat(chunks) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // Output to a pipe, as when a user pipes it on: that is when curl draws its progress meter.
    const done = await run('bash', ['-c', `${command(url)} -o /dev/null --max-time 10`]);
    stderr.push(done.stderr);
    return arrived;
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

describe('toCurl', () => {
  it('keeps every message header, the signature included, and leaves connection headers to curl', () => {
    const cmd = toCurl({
      url: 'http://127.0.0.1:4780/hook',
      method: 'POST',
      headers: [['Host', 'x'], ['Content-Length', '2'], ['X-Svc-Hmac-Sha256', 'abc='], ['X-Quote', "it's"]],
      body: new TextEncoder().encode('{}'),
    });
    expect(cmd).toContain(`-H 'X-Svc-Hmac-Sha256: abc='`);
    expect(cmd).toContain(`-H 'X-Quote: it'\\''s'`);
    expect(cmd).not.toMatch(/Host:|Content-Length/);
  });

  it('writes any bytes, NUL included, exactly through printf', () => {
    const body = new Uint8Array([0x7b, 0x27, 0x5c, 0x25, 0x0a, 0x0d, 0x00, 0xff, 0xc3, 0xa9, 0x7d]);
    const out = execFileSync('bash', ['-c', `printf ${printfFormat(body)} | od -An -tx1`]).toString();
    expect(out.trim().split(/\s+/)).toEqual(['7b', '27', '5c', '25', '0a', '0d', '00', 'ff', 'c3', 'a9', '7d']);
    expect(toCurl({ url: 'http://x/', method: 'POST', headers: [], body })).toMatch(/^printf '.*' \| curl -sS --path-as-is -X 'POST' 'http:\/\/x\/' \\\n {2}--data-binary @-$/s);
  });
});

describe('a copied cURL command', () => {
  it('is quiet: no progress meter, only the answer (and errors, which -S keeps)', async () => {
    const stderr: string[] = [];
    const [got] = await sendWithCurl((url) => toCurl({ url, method: 'POST', headers: [], body: new TextEncoder().encode('{}') }), stderr);
    expect(got?.body.toString()).toBe('{}');
    expect(stderr).toEqual(['']);
  });
});

describe('a cURL command of a hostile request', () => {
  it('sends a body that begins with "-" whole (printf would take it for an option)', async () => {
    const body = new TextEncoder().encode('--help me');
    const [got] = await sendWithCurl((url) => toCurl({ url, method: 'POST', headers: [], body }));
    expect(got?.body.toString()).toBe('--help me');
  });

  it.each([
    ['//evil.example/x?a=1', '//evil.example/x?a=1'],
    ['http://evil.example/steal?q=%41&b', '/steal?q=%41&b'],
    ['http://evil.example', '/'],
    ['/a/../b//c?x=%2F', '/a/../b//c?x=%2F'],
  ])('aims a request received as %s at the listener, path and query byte-exact', async (target, expected) => {
    const [got] = await sendWithCurl((url) =>
      toCurl({ url: listenerCurlUrl(url, target), method: 'POST', headers: [], body: new TextEncoder().encode('{}') }),
    );
    expect(got).toMatchObject({ method: 'POST', target: expected });
  });

  it('keeps the listener origin whatever path the listener URL has', () => {
    expect(listenerCurlUrl('http://127.0.0.1:4780/ignored', '//x/y')).toBe('http://127.0.0.1:4780//x/y');
  });
});

