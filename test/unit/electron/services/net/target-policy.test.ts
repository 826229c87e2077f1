import { describe, expect, it } from 'vitest';
import { targetVerdict } from '../../../../../electron/services/net/target-policy';
import { isLoopbackHost } from '../../../../../electron/services/net/loopback';
import { createEventIdGenerator } from '../../../../../electron/features/replay/event-ids';

describe('target policy', () => {
  it.each(['127.0.0.1', '127.9.8.7', 'localhost', 'LOCALHOST', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', 'localhost.', 'app.localhost', 'a.b.localhost.'])('%s is loopback', (host) => {
    expect(isLoopbackHost(new URL(`http://${host}:1/`).hostname)).toBe(true);
  });

  it.each(['128.0.0.1', '10.0.0.1', '192.168.1.2', 'example.com', 'localhost.example.com', '[::2]', '[::ffff:a00:1]', '0.0.0.0'])(
    '%s is not loopback',
    (host) => {
      expect(isLoopbackHost(new URL(`http://${host}:1/`).hostname)).toBe(false);
    },
  );

  it('allows loopback at once, asks for an opt-in elsewhere, and allows it after one', () => {
    expect(targetVerdict('http://127.0.0.1:3000/h', false)).toMatchObject({ allowed: true, loopback: true });
    const refused = targetVerdict('https://staging.example.com/h', false);
    expect(refused).toMatchObject({ allowed: false, needsOptIn: true, loopback: false });
    expect(refused.message).toMatch(/staging\.example\.com is not on this machine/);
    expect(targetVerdict('https://staging.example.com/h', true)).toMatchObject({ allowed: true, needsOptIn: false });
  });

  it('refuses what is not an http(s) URL, with the reason', () => {
    expect(targetVerdict('not a url', true).message).toMatch(/is not a URL/);
    expect(targetVerdict('ftp://127.0.0.1/', true).message).toMatch(/ftp: is not supported/);
    expect(targetVerdict('http://u:p@127.0.0.1/', true).allowed).toBe(false);
  });
});

describe('event ids', () => {
  it('are numeric and strictly increasing, even within one millisecond', () => {
    const next = createEventIdGenerator(() => 1_700_000_000_000);
    const ids = Array.from({ length: 5 }, next);
    expect(ids.every((id) => /^\d+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(5);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
  });
});
