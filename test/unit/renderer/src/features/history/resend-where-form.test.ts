import { describe, expect, it } from 'vitest';
import { EMPTY_RESEND_FORM, toResendWhere } from '../../../../../../renderer/src/features/history/resend-where-form';

describe('the Resend… form', () => {
  it('turns the fields into history.resendWhere arguments, empty ones left out', () => {
    expect(toResendWhere(EMPTY_RESEND_FORM)).toEqual({ where: { pendingOnly: true }, ratePerSecond: 5 });
    const form = { ...EMPTY_RESEND_FORM, eventType: ' Created ', delivered: 'no' as const, statusFrom: '500', statusTo: '599', url: 'shop', pendingOnly: false, rate: '2' };
    expect(toResendWhere(form)).toEqual({ where: { eventType: 'Created', delivered: false, status: { from: 500, to: 599 }, url: 'shop' }, ratePerSecond: 2 });
    expect(toResendWhere({ ...EMPTY_RESEND_FORM, statusFrom: '404' })).toMatchObject({ where: { status: 404 } });
  });

  it('names the field in error', () => {
    expect(toResendWhere({ ...EMPTY_RESEND_FORM, statusFrom: '5xx' })).toEqual({ error: 'a response status is a number from 0 to 999' });
    expect(toResendWhere({ ...EMPTY_RESEND_FORM, statusFrom: '599', statusTo: '500' })).toMatchObject({ error: expect.stringMatching(/lower/) });
    expect(toResendWhere({ ...EMPTY_RESEND_FORM, rate: '0' })).toMatchObject({ error: expect.stringMatching(/rate/) });
  });
});
