import { useEffect, useState } from 'react';

/** The time now, re-rendering every `ms`, so "12 s ago" keeps telling the truth between updates. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
