import { useStatusStore } from '../app-state/status-store';

/**
 * The loud line about the public address (another subdomain granted, moved to the next tunnel
 * server): what changed and exactly what to set in the merchant portal.
 */
export function TunnelNotice() {
  const notice = useStatusStore((s) => s.status?.tunnel.notice ?? null);
  if (!notice) return null;
  return (
    <p className="notice notice--warn" role="alert" data-testid="tunnel-notice-banner">
      {notice}
    </p>
  );
}
