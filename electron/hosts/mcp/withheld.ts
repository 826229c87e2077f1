import type { CheckReport } from '../../../shared/contract/replay-checks';
import { SIGNATURE_HEADER } from '../../../shared/service/webhooks';
import type { BodyView } from './tool-result';

/** What a tool shows in place of a signature value. */
export const SIGNATURE_WITHHELD = '(signature withheld)';

const isSignature = (name: string) => name.toLowerCase() === SIGNATURE_HEADER;

/** Headers with every X-Svc-Hmac-Sha256 value withheld (a received one, or one Hooklab made). */
export function withheldHeaders(headers: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  return headers.map(([name, value]) => [name, isSignature(name) ? SIGNATURE_WITHHELD : value]);
}

/** The text with each of these signature values withheld (a handler may echo what it got). */
function withoutValues(text: string, values: readonly string[]): string {
  return values.reduce((t, v) => (v.length >= 8 ? t.split(v).join(SIGNATURE_WITHHELD) : t), text);
}

/** A response body with the signature it was sent with withheld, should the handler echo it. */
export function withheldIn(view: BodyView, signature: string | null): BodyView {
  if (signature === null || view.encoding !== 'text') return view;
  return { ...view, content: withoutValues(view.content, [signature]) };
}

/** A handler check's report with every signature its requests carried withheld from the evidence. */
export function withheldSignatures(report: CheckReport): CheckReport {
  const values = report.checks.flatMap((c) => c.evidence.flatMap((e) => e.requestHeaders.filter(([n]) => isSignature(n)).map(([, v]) => v)));
  return {
    ...report,
    checks: report.checks.map((c) => ({
      ...c,
      message: withoutValues(c.message, values),
      evidence: c.evidence.map((e) => ({
        ...e,
        requestHeaders: withheldHeaders(e.requestHeaders),
        responseBodyExcerpt: withoutValues(e.responseBodyExcerpt, values),
      })),
    })),
  };
}
