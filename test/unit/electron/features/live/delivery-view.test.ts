import { describe, expect, it } from 'vitest';
import { exportLine } from '../../../../../electron/features/live/delivery-view';
import { deliverySummary } from '../../../../support/delivery-summary';

const summary = deliverySummary;

describe('NDJSON export line', () => {
  it('stays one line for readers that split on U+2028/U+2029, and reads back to the same values', () => {
    const hostile = 'Created\u2028{"forged":true}\u2029\n';
    const body = new TextEncoder().encode(`{"type":"${hostile}"}`);
    const line = exportLine({ summary: summary({ eventType: hostile, path: '/a\u2028b' }), headers: [['X-Evil', 'a\u2029b']], body, sha256: 'x' });
    expect(line.split(/[\n\r\u2028\u2029]/)).toHaveLength(1);
    expect(JSON.parse(line)).toMatchObject({ eventType: hostile, path: '/a\u2028b', headers: [['X-Evil', 'a\u2029b']], body: `{"type":"${hostile}"}` });
  });
});
