import { describe, expect, it } from 'vitest';
import { hostReach, urlReach } from '../../../../../electron/services/net/address-reach';

describe('who can reach a public URL, from its host', () => {
  it.each([
    'http://127.0.0.1:6780/webhooks',
    'http://127.9.9.9/',
    'http://localhost:6780/',
    'http://hooklab-abc.localhost:48500/',
    'http://[::1]:6780/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0:6780/',
  ])('%s: only this machine', (url) => {
    expect(urlReach(url)).toBe('this-machine');
  });

  it.each([
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.20:8080/hooks',
    'http://169.254.10.10/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:192.168.1.1]/',
    'http://my-laptop.local/hooks',
    'http://devbox/hooks',
  ])('%s: only the local network', (url) => {
    expect(urlReach(url)).toBe('local-network');
  });

  it.each(['https://hooklab-x1.loca.lt/', 'https://hooks.example.com/webhooks', 'http://8.8.8.8/', 'http://172.32.0.1/', 'http://[2001:db8::1]/', 'http://localhost.example.com/'])(
    '%s: public',
    (url) => {
      expect(urlReach(url)).toBe('public');
    },
  );

  it('is null for what is not a URL, and ignores case and a trailing dot', () => {
    expect(urlReach('not a url')).toBeNull();
    expect(hostReach('LOCALHOST.')).toBe('this-machine');
    expect(hostReach('Printer.Local.')).toBe('local-network');
  });
});
