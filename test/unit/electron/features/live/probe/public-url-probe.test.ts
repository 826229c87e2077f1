import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TunnelProbeStatus } from '../../../../../../shared/contract/status';
import { PublicUrlProbe } from '../../../../../../electron/features/live/probe/public-url-probe';
import { ProbeKey } from '../../../../../../electron/features/live/probe/probe-webhook';

/** Node's default (exit on an unhandled rejection) stays: any one here fails the test. */
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeEach(() => {
  rejections.length = 0;
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

/** A probe on its schedule for `publicUrl`, and its first verdict. */
function scheduled(publicUrl: string, viaTunnel: boolean) {
  let failures = 0;
  const verdict = new Promise<TunnelProbeStatus>((resolve) => {
    const probe = new PublicUrlProbe({
      key: new ProbeKey(),
      target: () => ({ publicUrl, viaTunnel }),
      onVerdict: (v) => {
        if (v.checkedAt === null) return;
        probe.stop();
        resolve(v);
      },
      onFailures: () => void failures++,
      intervalMs: () => 60_000,
      now: () => Date.now(),
      timeoutMs: 2_000,
    });
    probe.start();
  });
  return { verdict, failures: () => failures };
}

describe('a public URL that is not one', () => {
  it.each([
    ['not a url', true, 'the public URL "not a url" is not a URL: the tunnel server gave a bad address', null],
    ['not a url', false, 'the public URL "not a url" is not a URL: correct it in Settings → Public URL', null],
    ['ftp://hooks.example.com/', false, 'the public URL ftp://hooks.example.com/ is not http:// or https://: the service sends webhooks to neither', 'public'],
  ])('%s (tunnel: %s) is a verdict with its cause on the probe\'s own timer, never an unhandled rejection', async (url, viaTunnel, cause, reach) => {
    const { verdict, failures } = scheduled(url, viaTunnel);
    const v = await verdict;
    expect(v).toMatchObject({ reachable: false, error: cause, reach, latencyMs: null });
    expect(v.unreachableSince).not.toBeNull();
    expect(failures()).toBe(1);
    // One more turn for a rejection to surface, had there been one.
    await new Promise((r) => setImmediate(r));
    expect(rejections).toEqual([]);
  });
});
