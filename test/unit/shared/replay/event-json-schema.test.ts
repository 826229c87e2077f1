import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_URI, eventJsonSchema, unknownFieldHints } from '../../../../shared/replay/event-json-schema';
import { EVENT_TYPES } from '../../../../shared/service/enums';
import { eventTemplateText } from '../../../../shared/replay/templates';

// The very JSON language service Monaco runs in its worker (bundled in monaco-editor, without
// typings), so these are the editor's own verdicts.
const external = '../../../../node_modules/monaco-editor/esm/external';
interface LanguageService {
  configure(settings: unknown): void;
  parseJSONDocument(doc: unknown): unknown;
  doValidation(doc: unknown, json: unknown, settings: unknown): Promise<unknown[]>;
}
const { getLanguageService } = (await import(`${external}/vscode-json-languageservice/lib/esm/jsonLanguageService.js`)) as {
  getLanguageService(params: object): LanguageService;
};
const { TextDocument } = (await import(`${external}/vscode-languageserver-textdocument/lib/esm/main.js`)) as {
  TextDocument: { create(uri: string, language: string, version: number, text: string): unknown };
};

interface Diagnostic {
  message: string;
  severity?: number;
  range: { start: { line: number; character: number } };
}

const service = getLanguageService({});
service.configure({ validate: true, schemas: [{ uri: EVENT_SCHEMA_URI, fileMatch: ['event.json'], schema: eventJsonSchema }] });

async function problems(event: unknown): Promise<Diagnostic[]> {
  const text = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const doc = TextDocument.create('inmemory://replay/event.json', 'json', 1, text);
  const json = service.parseJSONDocument(doc);
  return (await service.doValidation(doc, json, { schemaValidation: 'error' })) as Diagnostic[];
}

const coupon = {
  code: 'SPRING', qrCodeUrl: 'https://example.test/qr', startDate: '2024-01-01T00:00:00Z', endDate: '2024-12-31T00:00:00Z',
  redemptionLimit: '1', redemptionCount: '0', status: 'Unredeemed',
};
const item = {
  orderItemId: 'oi-1', itemId: 'p-1', name: 'Mug', price: '10.00', promoId: null, promoPrice: null, promoName: null, quantity: '1',
  modifiersTotal: '0.00', sku: 'MUG-1', productImageUrl: 'https://example.test/mug.png', modifiers: [], note: null, description: 'A mug',
  quantityAvailable: '9', requiresShipping: true, productMetadata: null, coupon,
};
const successPayment = {
  orderId: 'o-1', orderReference: 'ref-1', orderType: 'FULL', description: 'Paid', level: 'Info', type: 'SuccessPayment',
  metadata: {
    PaymentId: 'pay-1', ChargeId: 'ch-1', Status: 'SUCCEEDED', AuthorizationCode: 'A1', SequentialNumber: '1', AccountId: 'acc',
    PaymentProcessor: 'proc', PaymentProcessorReference: 'pr', TransactionDate: '2024-05-01T10:00:00Z', PaidAmount: '10.00',
    BuyerName: 'B', BuyerPhone: '1', BuyerEmail: 'b@example.test', BuyerExternalId: 'x', CheckoutNote: '', OrderReference: 'ref-1',
    OrderTotalDetails: { subtotal: '10.00', shippingAmount: '0.00', discountAmount: '0.00', surchargeAmount: '0.00', total: '10.00' },
    IsManagedPaymentMethod: false, InvoiceName: 'B', InvoiceAddress: 'Street 1', InvoiceTaxCode: 'T', orderDetail: [item],
  },
};
const created = { orderId: 'o-1', orderReference: null, orderType: 'FASTLINK_CHARGE', description: 'New', level: 'Info', type: 'Created', metadata: null };

describe('the event JSON Schema, as the editor applies it', () => {
  it('accepts a complete SuccessPayment (6.5 metadata with orderDetail, totals and a coupon) and a Created', async () => {
    expect(await problems(successPayment)).toEqual([]);
    expect(await problems(created)).toEqual([]);
  });

  it('underlines a misspelt type, a level outside Info/Warning/Error and an unknown orderType as errors', async () => {
    const found = await problems({ ...created, type: 'Cancelld', level: 'Debug', orderType: 'FUL' });
    expect(found.map((d) => d.message).join('\n')).toMatch(/Not an event type the service sends/);
    expect(found.map((d) => d.message).join('\n')).toMatch(/level must be Info, Warning or Error/);
    expect(found.map((d) => d.message).join('\n')).toMatch(/Not an orderType the service sends/);
    expect(found.every((d) => d.severity === 1)).toBe(true);
  });

  it('underlines a missing required field of the event and of the metadata its type carries', async () => {
    const { description: _d, ...noDescription } = created;
    expect((await problems(noDescription)).map((d) => d.message)).toEqual([expect.stringContaining('description')]);
    const { ChargeId: _c, ...metadata } = successPayment.metadata;
    expect((await problems({ ...successPayment, metadata })).map((d) => d.message)).toEqual([expect.stringContaining('ChargeId')]);
    expect((await problems({ ...successPayment, metadata: null })).length).toBeGreaterThan(0);
    const updated = { ...created, type: 'Updated', metadata: { PreviousStatus: 'PENDING', NewStatus: 'SHIPPED' } };
    expect((await problems(updated)).map((d) => d.message).join()).toMatch(/ACCEPTED/);
    const threeDs = { ...created, type: 'ThreeDSecureAuthError', level: 'Error', metadata: { authenticationId: 'a' } };
    expect((await problems(threeDs)).map((d) => d.message).join()).toMatch(/reason/);
  });

  it('allows unknown extra fields: no error, but a hint at each key', async () => {
    const text = JSON.stringify({ ...successPayment, region: 'eu', metadata: { ...successPayment.metadata, Tip: '1.00' } }, null, 2);
    expect(await problems(text)).toEqual([]);
    const hints = unknownFieldHints(text);
    expect(hints.map((h) => h.path).sort()).toEqual(['/metadata/Tip', '/region']);
    for (const hint of hints) expect(text.slice(hint.offset, hint.offset + hint.length)).toBe(JSON.stringify(hint.path.split('/').pop()));
  });

  it('hints metadata fields on types whose metadata is null, and nothing inside free-form objects or unknown types', () => {
    expect(unknownFieldHints(JSON.stringify({ ...created, metadata: { note: 'x' } })).map((h) => h.path)).toEqual(['/metadata/note']);
    const withProductMetadata = structuredClone(successPayment);
    withProductMetadata.metadata.orderDetail[0]!.productMetadata = { colour: 'red' } as never;
    expect(unknownFieldHints(JSON.stringify(withProductMetadata))).toEqual([]);
    expect(unknownFieldHints(JSON.stringify({ ...created, type: 'Refunded', metadata: { any: 1 } }))).toEqual([]);
    expect(unknownFieldHints('{"orderId": ')).toEqual([]);
  });

  it('finds nothing wrong, and nothing unknown, in the template of every event type', async () => {
    for (const type of EVENT_TYPES) {
      const text = eventTemplateText(type);
      expect({ type, problems: (await problems(text)).map((d) => d.message) }).toEqual({ type, problems: [] });
      expect(unknownFieldHints(text)).toEqual([]);
    }
  });

  it('describes the metadata of every event type of 6.4', () => {
    const branches = eventJsonSchema['allOf'] as Array<{ if: { properties: { type: { const: string } } } }>;
    expect(branches.map((b) => b.if.properties.type.const)).toEqual([...EVENT_TYPES]);
  });
});
