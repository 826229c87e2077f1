import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exchange } from '../../../../../electron/services/net/exchange';
import { lookupFor } from '../../../../../electron/services/net/localhost-lookup';

let server: Server;
let port = 0;
const hosts: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hosts.push(req.headers.host ?? '');
    res.end('here');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('*.localhost is this machine (RFC 6761), whatever the system resolver says', () => {
  it('a request to <sub>.localhost reaches loopback, with its name as the Host', async () => {
    // Most resolvers (this machine's included) do not answer such names at all.
    const name = `hooklab-${Math.random().toString(36).slice(2, 10)}.localhost`;
    const result = await exchange({ method: 'POST', url: `http://${name}:${port}/webhooks`, headers: [['Host', `${name}:${port}`], ['Content-Length', '0']], body: new Uint8Array() }, { timeoutMs: 5_000, responseCap: 1024 });
    expect(result.ok && result.answer.status).toBe(200);
    expect(hosts.at(-1)).toBe(`${name}:${port}`);
  });

  it('only loopback names get the loopback lookup', () => {
    expect(lookupFor('a.b.localhost').lookup).toBeTypeOf('function');
    expect(lookupFor('LOCALHOST.').lookup).toBeTypeOf('function');
    expect(lookupFor('localhost.example.com')).toEqual({});
    expect(lookupFor('127.0.0.1')).toEqual({});
  });
});
