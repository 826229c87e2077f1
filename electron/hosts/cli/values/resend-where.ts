import type { ResendWhere } from '../../../../shared/contract/history';
import { CliError } from '../framework/exit-codes';
import { parseSince } from '../../kit/since';

/** The names `--where` takes, as history.resendWhere's `where` spells them. */
const WHERE_HELP =
  'eventType=TYPE, delivered=true|false, status=N or N-M, createdFrom=ISO|DURATION, createdTo=ISO, url=TEXT, pendingOnly (comma-separated)';

/**
 * `--where 'eventType=SuccessPayment,status=500-599,createdFrom=2h,pendingOnly'` as the
 * `where` of history.resendWhere (the delivery-history API's own field names).
 */
export function parseResendWhere(text: string, nowMs: number): ResendWhere {
  const where: { -readonly [K in keyof ResendWhere]: ResendWhere[K] } = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    const bad = (why: string): never => {
      throw new CliError(`--where ${part}: ${why} (${WHERE_HELP})`);
    };
    switch (key) {
      case 'eventType':
        where.eventType = value || bad('give the event type');
        break;
      case 'delivered':
        if (value !== 'true' && value !== 'false') bad('delivered is true or false');
        where.delivered = value === 'true';
        break;
      case 'status': {
        const range = /^(\d{1,3})(?:-(\d{1,3}))?$/.exec(value) ?? bad('a status is a number, or a range such as 500-599');
        const from = Number(range[1]);
        const to = range[2] === undefined ? from : Number(range[2]);
        if (from > to) bad('a range goes from the lower status to the higher');
        where.status = from === to ? from : { from, to };
        break;
      }
      case 'createdFrom':
      case 'createdTo':
        where[key] = new Date(parseSince(value, nowMs, '--since')).toISOString();
        break;
      case 'url':
        where.url = value || bad('give part of the URL');
        break;
      case 'pendingOnly':
        if (value !== '' && value !== 'true' && value !== 'false') bad('pendingOnly takes no value (or true/false)');
        where.pendingOnly = value !== 'false';
        break;
      default:
        bad(`unknown field "${key}"`);
    }
  }
  return where;
}
