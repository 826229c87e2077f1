import { useEffect, useRef, useState } from 'react';
import type { Activity } from '../../../../shared/contract/live';
import { createThrottle } from '../../lib/throttle';
import { useEvent, useTransport } from '../../transport';

/** Poll batches redraw the strip at most this often (at once after a quiet spell). */
const REFRESH_MS = 1_000;

/**
 * History's activity strip over the last hour: the local copy's deliveries per minute of their
 * created time (history.activity, counted in the main process), as the strip's shape —
 * delivered in the first stack, failed in the second, in flight in the last.
 */
export function useHistoryActivity(): Activity | null {
  const transport = useTransport();
  const [activity, setActivity] = useState<Activity | null>(null);
  const reads = useRef<ReturnType<typeof createThrottle> | null>(null);
  const alive = useRef(true);
  const load = () =>
    void transport.call('history.activity', {}).then(
      (a) =>
        alive.current &&
        setActivity({
          fromMs: a.fromMs,
          toMs: a.toMs,
          bucketMs: a.bucketMs,
          buckets: a.buckets.map((b) => ({
            startMs: b.startMs,
            valid: b.delivered,
            invalid: b.failed,
            missing: 0,
            other: b.inFlight,
            handlerFailed: 0,
          })),
        }),
      () => undefined,
    );
  useEffect(() => {
    alive.current = true;
    const throttle = createThrottle(load, REFRESH_MS);
    reads.current = throttle;
    throttle.now();
    return () => {
      alive.current = false;
      throttle.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per transport: `load` is a new function each render and reads the transport itself
  }, [transport]);
  useEvent('history.updated', () => reads.current?.request());
  return activity;
}
