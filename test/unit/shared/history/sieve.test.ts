import { describe, expect, it } from 'vitest';
import { buildSieveFilter, slowFilterWarning, splitSieveTerms } from '../../../../shared/history/sieve';

describe('buildSieveFilter', () => {
  it('joins conditions with commas and appends the raw filter', () => {
    expect(
      buildSieveFilter(
        [
          { field: 'id', op: '>', value: '10' },
          { field: 'delivered', op: '==', value: 'false' },
          { field: 'eventType', op: '==', value: '' },
        ],
        'responseStatusCode>=500',
      ),
    ).toBe('id>10,delivered==false,responseStatusCode>=500');
  });

  it('escapes commas and pipes inside values', () => {
    expect(buildSieveFilter([{ field: 'eventType', op: '@=', value: 'a,b|c' }])).toBe('eventType@=a\\,b\\|c');
  });
});

describe('splitSieveTerms', () => {
  it('keeps escaped commas inside a term', () => {
    expect(splitSieveTerms('eventType@=a\\,b,id>3')).toEqual(['eventType@=a\\,b', 'id>3']);
  });
});

describe('slowFilterWarning', () => {
  it('warns when delivered, created or eventType has no id> bound', () => {
    expect(slowFilterWarning('delivered==false')).toMatch(/delivered/);
    expect(slowFilterWarning('created>=2026-01-01,eventType==Created')).toMatch(/created, eventType/);
  });
  it('is silent with an id> or id>= bound, or for fast fields', () => {
    expect(slowFilterWarning('delivered==false,id>100')).toBeNull();
    expect(slowFilterWarning('id>=5,eventType==Created')).toBeNull();
    expect(slowFilterWarning('responseStatusCode==500')).toBeNull();
    expect(slowFilterWarning('')).toBeNull();
  });
  it('does not take id< as a bound', () => {
    expect(slowFilterWarning('id<100,delivered==true')).not.toBeNull();
  });
});
