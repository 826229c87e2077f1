import { DEFAULT_RESEND_RATE, type ResendWhere } from '../../../../shared/contract/history';

/** The Resend… form as typed (text fields; empty means "any"). */
export interface ResendForm {
  readonly eventType: string;
  readonly delivered: 'any' | 'yes' | 'no';
  readonly statusFrom: string;
  readonly statusTo: string;
  /** `datetime-local` values, in the user's time zone. */
  readonly createdFrom: string;
  readonly createdTo: string;
  readonly url: string;
  readonly pendingOnly: boolean;
  readonly rate: string;
}

export const EMPTY_RESEND_FORM: ResendForm = {
  eventType: '',
  delivered: 'any',
  statusFrom: '',
  statusTo: '',
  createdFrom: '',
  createdTo: '',
  url: '',
  pendingOnly: true,
  rate: String(DEFAULT_RESEND_RATE),
};

/** The form as history.resendWhere's `where` and rate, or the first field in error. */
export function toResendWhere(form: ResendForm): { where: ResendWhere; ratePerSecond: number } | { error: string } {
  const where: { -readonly [K in keyof ResendWhere]: ResendWhere[K] } = {};
  if (form.eventType.trim()) where.eventType = form.eventType.trim();
  if (form.delivered !== 'any') where.delivered = form.delivered === 'yes';
  const from = form.statusFrom.trim();
  const to = form.statusTo.trim();
  const status = (text: string) => (/^\d{1,3}$/.test(text) ? Number(text) : null);
  if (from || to) {
    const a = status(from || to);
    const b = status(to || from);
    if (a === null || b === null) return { error: 'a response status is a number from 0 to 999' };
    if (a > b) return { error: 'the status range goes from the lower to the higher' };
    where.status = a === b ? a : { from: a, to: b };
  }
  for (const [key, text] of [['createdFrom', form.createdFrom], ['createdTo', form.createdTo]] as const) {
    if (!text) continue;
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) return { error: `${key === 'createdFrom' ? 'created from' : 'created to'} is not a date and time` };
    where[key] = new Date(ms).toISOString();
  }
  if (form.url.trim()) where.url = form.url.trim();
  if (form.pendingOnly) where.pendingOnly = true;
  const rate = Number(form.rate);
  if (!(rate >= 0.1 && rate <= 100)) return { error: 'the rate is from 0.1 to 100 resends per second' };
  return { where, ratePerSecond: rate };
}
