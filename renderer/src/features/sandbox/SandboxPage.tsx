import { useEffect } from 'react';
import { useStatusStore } from '../../app-state/status-store';
import { ChaosCard } from './ChaosCard';
import { ConnectionCard } from './ConnectionCard';
import { CustomEventCard } from './CustomEventCard';
import { EnvironmentCard } from './EnvironmentCard';
import { RunResult } from './RunResult';
import { ScenariosCard } from './ScenariosCard';
import { WebhookUrlCard } from './WebhookUrlCard';
import { useSandbox, useSandboxStore } from './sandbox-store';
import './sandbox.css';

/**
 * The Sandbox area: a local emulator of the service built into Hooklab, to develop and test a
 * webhook handler without a merchant account. Everything here acts on the sandbox only.
 */
export function SandboxPage() {
  const { loadSandbox } = useSandbox();
  const { info, loadError } = useSandboxStore();
  const sandboxStatus = useStatusStore((s) => s.status?.sandbox);
  // Re-read when the sandbox starts, stops or moves.
  useEffect(() => {
    void loadSandbox();
  }, [loadSandbox, sandboxStatus?.state, sandboxStatus?.baseUrl]);
  return (
    <section className="page" data-testid="page-sandbox">
      <h1 className="page__title">
        Sandbox <span className="badge badge--sandbox">local emulator, not the real service</span>
      </h1>
      <p className="page__lead">
        A test version of the payment service running inside Hooklab: a store with its own
        credentials, the service&apos;s API and delivery history, and signed webhooks sent to
        Hooklab&apos;s listener. Nothing here reaches the real service or moves real money.
      </p>
      {loadError && <p className="notice notice--error">{loadError}</p>}
      {info && !info.running && (
        <p className="notice notice--error" data-testid="sandbox-not-running">
          The sandbox is not running{info.error ? `: ${info.error}` : sandboxStatus ? ` (${sandboxStatus.state})` : ''}.
        </p>
      )}
      {info?.running && (
        <>
          <ConnectionCard info={info} />
          <WebhookUrlCard info={info} />
          <div className="sandbox-run">
            <ScenariosCard />
            <RunResult />
          </div>
          <CustomEventCard />
          {info.chaos && <ChaosCard chaos={info.chaos} />}
        </>
      )}
      <EnvironmentCard />
    </section>
  );
}
