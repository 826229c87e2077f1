import { describe, expect, it } from 'vitest';
import { regressionTest, RegressionTestError } from '../../../../shared/regression-test';
import { recordedOrder, TEMPLATE_BUYER } from '../../../fixtures/recorded-order';

describe('regressionTest', () => {
  it("writes the events as recorded and, without --expect, the order's derived states", () => {
    const file = recordedOrder();
    const test = regressionTest(file);
    expect(test.fileName).toBe('order-900001.regression.test.ts');
    expect(test.runCommand).toBe('HOOKLAB_HANDLER_URL=http://localhost:3000/webhooks HOOKLAB_WEBHOOK_KEY=your-webhook-key npx vitest run order-900001.regression.test.ts');
    expect(test.text).toContain("import { expect, test } from 'vitest';");
    expect(test.text).toContain("import { replayRecordedOrder } from 'hooklab/testing';");
    // Every body as a string literal of its exact text, in the recorded order.
    const bodies = [...test.text.matchAll(/body: ("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string);
    expect(bodies).toEqual(file.events.map((e) => e.body));
    expect(test.text).toContain(`expectOrderState: { path: 'orders.{orderId}', status: "PAID", payment: "paid", shipping: "DISPATCHED", threeDs: null },`);
    expect(test.text).toContain('stateUrl: null,');
  });

  it('takes --expect, --expect-state, Jest, and redaction', () => {
    const test = regressionTest(recordedOrder(), { framework: 'jest', expect: ['orders.{orderId}.payments=1'], expectState: 'http://127.0.0.1:3000/state', redact: true, path: 'test/o.test.mjs' });
    expect(test.fileName).toBe('order-900001.regression.test.mjs');
    expect(test.runCommand).toMatch(/NODE_OPTIONS=--experimental-vm-modules npx jest test\/o\.test\.mjs$/);
    expect(test.text).toContain("import { expect, test } from '@jest/globals';");
    expect(test.text).toContain('{ path: "orders.{orderId}.payments", value: 1 },');
    expect(test.text).toContain('stateUrl: "http://127.0.0.1:3000/state",');
    expect(test.text).toContain('redacted: true,');
    for (const value of Object.values(TEMPLATE_BUYER)) expect(test.text).not.toContain(value);
  });

  it("keeps a sender's text out of the code: ids and bodies only as literals, comments on one line", () => {
    const hostileId = "1\n}); require('child_process').exec('x'); //\u2028</script>";
    const file = recordedOrder(hostileId);
    const test = regressionTest(file);
    const lines = test.text.split('\n');
    // The id is in no line raw: only inside string literals (and its comment line escapes it).
    expect(test.text).not.toContain("require('child_process')\n");
    expect(lines.filter((l) => l.includes('child_process')).every((l) => /^\s*(\/\/|orderId: "|\{ type: |test\(")/.test(l))).toBe(true);
    expect(test.text).not.toMatch(/[\u2028\u2029<]/);
    expect(test.fileName).toMatch(/^order-[A-Za-z0-9_-]+\.regression\.test\.ts$/);
  });

  it('says what is wrong in words: a bad --expect, a state URL that is no http URL, a file of several orders', () => {
    expect(() => regressionTest(recordedOrder(), { expect: ['payments'] })).toThrow(/--expect "payments": write path=value/);
    expect(() => regressionTest(recordedOrder(), { expectState: 'file:///etc/passwd' })).toThrow(/not an http\(s\) URL/);
    const a = recordedOrder('1');
    const two = { ...a, source: {}, events: [...a.events, ...recordedOrder('2').events] };
    expect(() => regressionTest(two)).toThrow(RegressionTestError);
    expect(() => regressionTest(two)).toThrow(/about 2 orders/);
    expect(regressionTest(two, { orderId: '2' }).fileName).toBe('order-2.regression.test.ts');
  });
});
