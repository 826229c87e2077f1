import { describe, expect, it } from 'vitest';
import { RESEND_GRACE_MS, ResendRequests } from '../../../../../electron/services/resend-requests/resend-requests';

describe('ResendRequests', () => {
  it('expects arrivals of an event while its resend runs and shortly after, then no longer', async () => {
    let now = 1_000;
    const requests = new ResendRequests({ now: () => now });
    let during: boolean | null = null;
    await requests.during(7, async () => {
      during = requests.isRequested(7);
      return 'sent';
    });
    expect(during).toBe(true);
    expect(requests.isRequested(8)).toBe(false);
    now += RESEND_GRACE_MS;
    expect(requests.isRequested(7)).toBe(true);
    now += 1;
    expect(requests.isRequested(7)).toBe(false);
  });

  it('keeps an event expected while another resend of it is still running, and after a failed one', async () => {
    let now = 0;
    const requests = new ResendRequests({ now: () => now });
    let finishFirst!: () => void;
    const first = requests.during(5, () => new Promise<void>((resolve) => (finishFirst = resolve)));
    await expect(requests.during(5, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    now += RESEND_GRACE_MS + 1;
    // The failed one ended long ago, but the first is still under way.
    expect(requests.isRequested(5)).toBe(true);
    finishFirst();
    await first;
    now += RESEND_GRACE_MS + 1;
    expect(requests.isRequested(5)).toBe(false);
  });
});
