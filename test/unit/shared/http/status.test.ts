import { describe, expect, it } from 'vitest';
import { is2xx } from '../../../../shared/http/status';

describe('is2xx', () => {
  it('is true for 200-299 only; no answer is not a success', () => {
    expect([200, 204, 299].map(is2xx)).toEqual([true, true, true]);
    expect([199, 300, 301, 404, 500, null, undefined].map(is2xx)).toEqual([false, false, false, false, false, false, false]);
  });
});
