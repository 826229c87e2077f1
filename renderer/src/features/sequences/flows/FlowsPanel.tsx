import { useEffect, type ReactNode } from 'react';
import { useStatusStore } from '../../../app-state/status-store';
import { CardFlow } from './CardFlow';
import { ChaosReplay } from './ChaosReplay';
import { ExchangeLog } from './ExchangeLog';
import { FlowEvents } from './FlowEvents';
import { FlowScenarioFiles } from './FlowScenarioFiles';
import { useFlows, useFlowsStore } from './flows-store';
import { loggedFor } from './create-flows-store';
import { PaymentLinkFlow } from './PaymentLinkFlow';
import './flows.css';
import { Tabs } from '../../../components/Tabs';
import type { FlowKind } from '../sequences-route';

/**
 * The flow runner (Sequences → Flows): run the card flow (with the bank's 3-D Secure page in a
 * frame) or the payment-link flow against the active environment, see every request and answer
 * and the order's webhooks as they arrive; the sandbox's scenarios (`scenarios`, given by the
 * shell) are one click away. A flow's order saves as a scenario file, and a scenario file opens
 * in the chaos replay.
 */
export function FlowsPanel({ scenarios, kind, onKind }: { scenarios?: ReactNode; kind: FlowKind; onKind: (kind: FlowKind) => void }) {
  const flowsStore = useFlows();
  const { loadFlowsInfo } = flowsStore;
  const flows = useFlowsStore();
  const { info, loadError } = flows;
  // A tab shows its own flow's last run only: not the card flow's requests on the Payment link tab.
  const logged = kind === 'card' || kind === 'link' ? loggedFor(flows, kind) : null;
  const environment = useStatusStore((s) => s.status?.host.environment);
  const sandboxState = useStatusStore((s) => s.status?.sandbox.state);

  useEffect(() => {
    void loadFlowsInfo();
  }, [loadFlowsInfo, environment?.id, sandboxState]);
  useEffect(() => flowsStore.follow(), [flowsStore]);

  const tabs: Array<[FlowKind, string]> = [
    ['card', 'Card'],
    ['link', 'Payment link'],
    ['chaos', 'Chaos replay'],
    ...(info?.environment.isSandbox && scenarios ? ([['scenarios', 'Sandbox scenarios']] as Array<[FlowKind, string]>) : []),
  ];
  return (
    <div className="flows" data-testid="flows-panel">
      <p className="page__lead">
        Runs against{' '}
        <strong data-testid="flows-environment">{info ? (info.environment.isSandbox ? 'the sandbox' : `live: ${info.environment.name}`) : '…'}</strong>
        {info?.baseUrl && <span className="mono"> {info.baseUrl}</span>}. Requests go through Hooklab&apos;s core: the client
        secret and tokens never reach this page, and card numbers and bearer values are masked below.
        {info?.frameOrigin && (
          <>
            {' '}
            3-D Secure pages are framed from <span className="mono" data-testid="flows-frame-origin">{info.frameOrigin}</span> only.
          </>
        )}
      </p>
      {loadError && <p className="notice notice--error">{loadError}</p>}
      {info && !info.available && <p className="notice notice--error">Flows cannot run now: {info.reason}.</p>}
      <Tabs tabs={tabs} value={kind} onChange={onKind} testIdPrefix="flows-tab" small />
      {kind === 'card' && <CardFlow />}
      {kind === 'link' && <PaymentLinkFlow />}
      {kind === 'chaos' && <ChaosReplay />}
      {kind === 'scenarios' && scenarios}
      {logged && (
        <>
          {flows.flow === kind && <FlowEvents />}
          <FlowScenarioFiles onOpened={() => onKind('chaos')} />
          <div className="card">
            <h2 className="card__title">Requests and answers</h2>
            <p className="muted">The access token (POST /token) is fetched and refreshed by the core and never shown here.</p>
            <ExchangeLog exchanges={logged.exchanges} />
          </div>
        </>
      )}
    </div>
  );
}
