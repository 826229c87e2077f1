import { useEffect, useRef, useState } from 'react';
import type { Activity } from '../../../../shared/contract/live';
import { createLatestWins } from '../../lib/latest-wins';
import { createThrottle } from '../../lib/throttle';
import { useEvent, useTransport } from '../../transport';

const HOUR_MS = 3_600_000;
/** New deliveries redraw the strip at most this often (a burst of 1,000/s is one read a second). */
const REFRESH_MS = 1_000;

/**
 * The activity strip's counts (live.activity) over the last hour, or over the hour up to the
 * newest delivery when nothing came in the last hour (so a window opened the next morning
 * still shows yesterday's last activity). Read again as deliveries arrive or are removed: at
 * once after a quiet second, else at most once a second.
 */
export function useActivity(newestReceivedAt: string | null): Activity | null {
  const transport = useTransport();
  const [activity, setActivity] = useState<Activity | null>(null);
  const newest = useRef(newestReceivedAt);
  newest.current = newestReceivedAt;
  const reads = useRef<ReturnType<typeof createThrottle> | null>(null);

  useEffect(() => {
    const latest = createLatestWins<null, Activity>(
      () => {
        const now = Date.now();
        const last = newest.current ? Date.parse(newest.current) : now;
        // A whole minute after the newest delivery, so its own slice is complete.
        const toMs = now - last > HOUR_MS ? Math.ceil((last + 1) / 60_000) * 60_000 : now;
        return transport.call('live.activity', { fromMs: toMs - HOUR_MS, toMs });
      },
      (result) => setActivity(result),
      () => undefined,
    );
    const throttle = createThrottle(() => latest.run(null), REFRESH_MS);
    reads.current = throttle;
    throttle.now();
    return () => {
      throttle.cancel();
      latest.dispose();
    };
  }, [transport]);

  const refresh = () => reads.current?.request();
  useEvent('live.received', refresh);
  useEvent('live.forwarded', refresh);
  useEvent('live.cleared', refresh);
  useEvent('live.removed', refresh);
  return activity;
}
