import { useCallback, useMemo } from 'react';
import type { DeliveryDetail } from '../../../../shared/contract/live';
import { neutraliseBidi } from '../../../../shared/text/bidi';
import { useStatusStore } from '../../app-state/status-store';
import { CopyButton } from '../../components/CopyButton';
import { HeaderTable } from '../../components/HeaderTable';
import { Notice, Time } from '../../components/ui';
import { WhyPanel } from '../../components/why/WhyPanel';
import { listenerCurlUrl, toCurl } from '../../lib/curl';
import { DeliveryActions } from './DeliveryActions';
import { DeliveryLinks } from './DeliveryLinks';
import { ImportedHistory } from './ImportedHistory';
import { DetailBody } from './DetailBody';
import { DetailForwards } from './DetailForwards';
import { DetailSignature } from './DetailSignature';
import { useBodyParts } from './use-body-parts';

/**
 * Everything about the selected delivery: verdict, headers, exact body, forward results, links
 * to the related views; the terms of the current search are marked in headers and body.
 */
export function DeliveryDetailPane({ detail, search = '' }: { detail: DeliveryDetail; search?: string }) {
  const { summary } = detail;
  const listenerUrl = useStatusStore((s) => s.status?.listener.url ?? 'http://127.0.0.1:4780/');
  const body = useBodyParts(detail);
  const { bytes } = body;
  const curlOf = useCallback(
    (all: Uint8Array) => toCurl({ url: listenerCurlUrl(listenerUrl, summary.path), method: summary.method, headers: detail.headers, body: all }),
    [summary.path, summary.method, listenerUrl, detail.headers],
  );
  // With part of the body loaded, the copy loads the rest first: a cURL must send it all.
  const { complete, all } = body;
  const curl = useMemo(() => (complete ? curlOf(bytes) : async () => curlOf(await all())), [complete, all, bytes, curlOf]);

  return (
    <div className="live-detail" data-testid="delivery-detail" data-delivery-id={summary.id}>
      <div className="row live-detail__title">
        <strong>
          #{summary.id} {summary.method} {neutraliseBidi(summary.path)}
        </strong>
        <Time iso={summary.receivedAt} ms className="muted" />
        <CopyButton text={curl} label="Copy as cURL" testId="copy-curl" />
      </div>
      {summary.imported && (
        <Notice testId="imported-from">
          Imported from <strong>{summary.imported.fileName}</strong>, never received by this listener: History's reconciliation does not count it. Its
          signature was checked here with this folder's keys.
        </Notice>
      )}
      <DeliveryActions summary={summary} />

      <DeliveryLinks summary={summary} />
      <WhyPanel key={summary.id} target={{ kind: 'delivery', id: summary.id }} testIdPrefix="live" />

      <DetailSignature detail={detail} />

      <section className="live-detail__section">
        <h3>Headers</h3>
        <HeaderTable headers={detail.headers} testId="detail-headers" search={search} />
      </section>

      <DetailBody body={body} search={search} />

      <DetailForwards detail={detail} />

      <ImportedHistory summary={summary} />
    </div>
  );
}
