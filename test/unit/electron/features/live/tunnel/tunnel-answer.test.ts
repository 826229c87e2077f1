import { describe, expect, it } from 'vitest';
import { checkTunnelAnswer, MAX_TUNNEL_SOCKETS, tunnelHostProblem } from '../../../../../../electron/features/live/tunnel/tunnel-answer';

const HOST = 'https://tunnels.example.test';
const good = { id: 'hooklab-abc', port: 40123, max_conn_count: 10, url: 'https://hooklab-abc.tunnels.example.test' };
const noAddresses = async () => [] as string[];

describe('tunnelHostProblem', () => {
  it('explains a server named by an IP address before connecting, and accepts a name', () => {
    for (const host of ['http://127.0.0.1:6790', 'https://[::1]:6790', 'http://10.0.0.7']) {
      expect(tunnelHostProblem(host)).toBe(`the tunnel server ${host} is named by an IP address: subdomains of an IP address do not resolve: give the server a name`);
    }
    expect(tunnelHostProblem('https://localtunnel.me')).toBeNull();
    expect(tunnelHostProblem('http://localhost:6790')).toBeNull();
  });

  it('refuses what is not an http(s) URL', () => {
    expect(tunnelHostProblem('not a url')).toMatch(/is not a URL/);
    expect(tunnelHostProblem('ftp://tunnels.example.test')).toMatch(/not an http\(s\) address/);
  });
});

describe('checkTunnelAnswer', () => {
  it('takes a good answer as it is', async () => {
    expect(await checkTunnelAnswer(good, HOST, noAddresses)).toEqual({
      id: 'hooklab-abc',
      url: 'https://hooklab-abc.tunnels.example.test',
      remoteHost: 'tunnels.example.test',
      remotePort: 40123,
      maxSockets: 10,
    });
  });

  it('accepts the public server\'s loca.lt addresses for localtunnel.me, and localhost names', async () => {
    expect((await checkTunnelAnswer({ ...good, url: 'https://hooklab-abc.loca.lt' }, 'https://localtunnel.me', noAddresses)).url).toBe('https://hooklab-abc.loca.lt');
    expect((await checkTunnelAnswer({ ...good, url: 'http://hooklab-abc.localhost:6790' }, 'http://localhost:6790', noAddresses)).url).toBe('http://hooklab-abc.localhost:6790');
  });

  it('refuses a public URL that is not a URL, not http(s), or not on the server\'s own domain', async () => {
    await expect(checkTunnelAnswer({ ...good, url: 'not a url' }, HOST, noAddresses)).rejects.toThrow('the tunnel server answered a public URL that is not a URL: "not a url"');
    await expect(checkTunnelAnswer({ ...good, url: 42 }, HOST, noAddresses)).rejects.toThrow(/not a URL: 42/);
    await expect(checkTunnelAnswer({ ...good, url: 'https://hooklab-abc.evil.test' }, HOST, noAddresses)).rejects.toThrow(
      'the tunnel server answered the public URL "https://hooklab-abc.evil.test", which is not an http(s) address on its own domain tunnels.example.test',
    );
    await expect(checkTunnelAnswer({ ...good, url: 'javascript:alert(1)' }, HOST, noAddresses)).rejects.toThrow(/not an http\(s\) address/);
    await expect(checkTunnelAnswer({ ...good, url: 'https://user:pw@hooklab-abc.tunnels.example.test' }, HOST, noAddresses)).rejects.toThrow(/not an http\(s\) address/);
    await expect(checkTunnelAnswer({ ...good, id: 'other-one' }, HOST, noAddresses)).rejects.toThrow(/for another subdomain/);
    await expect(checkTunnelAnswer('hello', HOST, noAddresses)).rejects.toThrow(/other than a JSON object/);
  });

  it('refuses a port that is not one', async () => {
    for (const port of [0, 65_536, 1.5, '80', null]) {
      await expect(checkTunnelAnswer({ ...good, port }, HOST, noAddresses)).rejects.toThrow(/answered no valid port/);
    }
  });

  it('caps the sockets a server asks for', async () => {
    expect((await checkTunnelAnswer({ ...good, max_conn_count: 3000 }, HOST, noAddresses)).maxSockets).toBe(MAX_TUNNEL_SOCKETS);
    expect((await checkTunnelAnswer({ ...good, max_conn_count: -5 }, HOST, noAddresses)).maxSockets).toBe(1);
    expect((await checkTunnelAnswer({ ...good, max_conn_count: 'many' }, HOST, noAddresses)).maxSockets).toBe(1);
  });

  it('connects to an `ip` only when it is one of the server\'s own addresses', async () => {
    const own = async () => ['203.0.113.9', '203.0.113.10'];
    expect((await checkTunnelAnswer({ ...good, ip: '203.0.113.10' }, HOST, own)).remoteHost).toBe('203.0.113.10');
    expect((await checkTunnelAnswer({ ...good, ip: '10.1.2.3' }, HOST, own)).remoteHost).toBe('tunnels.example.test');
    expect((await checkTunnelAnswer({ ...good, ip: '10.1.2.3' }, HOST, () => Promise.reject(new Error('ENOTFOUND')))).remoteHost).toBe('tunnels.example.test');
  });
});
