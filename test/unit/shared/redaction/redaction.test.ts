import { describe, expect, it } from 'vitest';
import { Pseudonyms, redactJsonText, redactScenario, RedactionError } from '../../../../shared/redaction';
import { recordedOrder, TEMPLATE_BUYER } from '../../../fixtures/recorded-order';

describe('redaction', () => {
  it("replaces the buyer's data in every body, the same value by the same pseudonym, and keeps everything else byte for byte", () => {
    const file = recordedOrder();
    const redacted = redactScenario(file);
    const text = JSON.stringify(redacted);
    for (const value of [TEMPLATE_BUYER.name, TEMPLATE_BUYER.phone, TEMPLATE_BUYER.email, 'buyer-42', 'Entregar en recepción', 'Avenida Central 100, San José', '1-1111-1111']) {
      expect(text).not.toContain(value);
    }
    expect(redacted.redacted).toBe(true);
    const [first, second] = redacted.events.filter((e) => e.eventType === 'SuccessPayment').map((e) => JSON.parse(e.body!).metadata);
    // Two events, one e-mail: one pseudonym; a name used as the buyer's and the invoice's: one pseudonym.
    expect(first.BuyerEmail).toBe(second.BuyerEmail);
    expect(first.BuyerEmail).toMatch(/^[^@\s]+@example\.com$/);
    expect(first.InvoiceName).toBe(first.BuyerName);
    expect(first.BuyerPhone).toMatch(/^\+\d{11}$/);
    expect(first.BuyerPhone).not.toBe(TEMPLATE_BUYER.phone);
    expect(first.BuyerExternalId).toMatch(/^[a-z]{5}-\d{2}$/);
    expect(first.InvoiceTaxCode).toMatch(/^\d-\d{4}-\d{4}$/);
    // Ids, amounts, statuses and times as they were.
    const original = JSON.parse(file.events[1]!.body!).metadata;
    for (const key of ['PaymentId', 'ChargeId', 'Status', 'PaidAmount', 'TransactionDate', 'OrderTotalDetails', 'AuthorizationCode']) expect(first[key]).toEqual(original[key]);
    // Bodies without personal data are not touched at all; no recorded signature is kept.
    expect(redacted.events[0]!.body).toBe(file.events[0]!.body);
    expect(redacted.events.every((e) => e.headers.every(([name]) => name.toLowerCase() !== 'x-svc-hmac-sha256'))).toBe(true);
  });

  it('changes only the personal strings of a body: spacing and how numbers are written stay', () => {
    const body = '{ "amount": 10.50,\n  "customer": {"id": "c-1", "name": "Ana", "email": "a@b.co", "phoneNumber": "+1 (555) 123-4567"},  "card": {"cardHolder": "ANA PEREZ"}, "orderDetail": [{"note": "ring twice", "price": "1.0"}] }';
    const out = redactJsonText(body, new Pseudonyms())!;
    expect(out.replaced).toBe(6);
    const parsed = JSON.parse(out.text);
    expect(out.text.startsWith('{ "amount": 10.50,\n  "customer": {"id": ')).toBe(true);
    expect(parsed.customer.phoneNumber).toMatch(/^\+\d \(\d{3}\) \d{3}-\d{4}$/);
    expect(parsed.card.cardHolder).toBe(parsed.card.cardHolder.toUpperCase());
    expect(parsed.orderDetail[0]).toEqual({ note: expect.stringMatching(/^Redacted note/), price: '1.0' });
    expect(redactJsonText('not json', new Pseudonyms())).toBeNull();
  });

  it('a value that is an e-mail stays an e-mail in any personal field, and a pseudonym never contains code', () => {
    const out = redactJsonText('{"metadata":{"BuyerExternalId":"x@y.io","BuyerName":"</script><!--"}}', new Pseudonyms())!;
    expect(JSON.parse(out.text).metadata.BuyerExternalId).toMatch(/@example\.com$/);
    expect(out.text).not.toContain('<');
  });

  it('refuses a body it cannot read field by field, naming the event', () => {
    const file = recordedOrder();
    const broken = { ...file, events: [{ ...file.events[0]!, body: undefined, bodyBase64: '/wA=' }] };
    expect(() => redactScenario(broken)).toThrow(RedactionError);
    expect(() => redactScenario(broken)).toThrow(/event 1 \(Created\): the body is not text/);
  });
});
