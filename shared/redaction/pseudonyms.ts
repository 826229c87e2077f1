import { seededRandom } from '../flows/chaos-plan';
import type { PersonalKind } from './personal-fields';

const FIRST = ['Alex', 'Sam', 'Robin', 'Kim', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Jamie', 'Riley', 'Avery', 'Quinn'];
const LAST = ['Doe', 'Roe', 'Poe', 'Moe', 'Loe', 'Koe', 'Hoe', 'Zoe', 'Bay', 'Day', 'Fay', 'Gay'];
/** Digits a pseudonymous phone number starts with (555-01xx is reserved for fiction in North America). */
const PHONE_DIGITS = '5550100000000000000000000';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const DIGITS = '0123456789';

/** Letters stay letters (of the same case), digits digits, everything else as it was: `AB-1234` → `QX-5093`. */
function sameShape(value: string, seed: number): string {
  const next = seededRandom(seed);
  const pick = (set: string) => set[Math.floor(next() * set.length)]!;
  return [...value].map((c) => (/[a-z]/.test(c) ? pick(LOWER) : /[A-Z]/.test(c) ? pick(UPPER) : /[0-9]/.test(c) ? pick(DIGITS) : c)).join('');
}

function personName(n: number, original: string): string {
  const first = FIRST[(n - 1) % FIRST.length]!;
  const last = LAST[Math.floor((n - 1) / FIRST.length) % LAST.length]!;
  const round = Math.floor((n - 1) / (FIRST.length * LAST.length));
  const name = `${first} ${last}${round > 0 ? ` ${round + 1}` : ''}`;
  // A card holder's name is often printed in capitals: the pseudonym is too.
  return /[a-z]/i.test(original) && original === original.toUpperCase() ? name.toUpperCase() : name;
}

/** The phone's punctuation and length kept (a leading `+` stays), its digits replaced by 5550100… and the number. */
function phoneNumber(n: number, original: string): string {
  const count = original.replace(/\D/g, '').length;
  if (count === 0) return `555010${n}`;
  const tail = String(n);
  const digits = (PHONE_DIGITS.slice(0, Math.max(0, count - tail.length)) + tail).slice(-count);
  let at = 0;
  return original.replace(/\d/g, () => digits[at++]!);
}

function generate(kind: PersonalKind, n: number, original: string, attempt: number): string {
  switch (kind) {
    case 'name':
      return personName(n + attempt * 997, original);
    case 'email':
      return `person${n}${attempt > 0 ? `-${attempt}` : ''}@example.com`;
    case 'phone':
      return phoneNumber(n + attempt * 1009, original);
    case 'address':
      return `${n}${attempt > 0 ? `-${attempt}` : ''} Example Street, Sample City`;
    case 'note':
      return `Redacted note ${n}${attempt > 0 ? `-${attempt}` : ''}`;
    case 'external-id':
    case 'tax-code':
      return sameShape(original, n * 7919 + attempt);
  }
}

/**
 * Consistent pseudonyms for one file: the same value always gets the same pseudonym (a buyer's
 * e-mail in three events is one made-up e-mail in all three), different values different ones,
 * each of the shape of its kind (an e-mail stays an e-mail, a phone a phone of the same length).
 */
export class Pseudonyms {
  private readonly byValue = new Map<string, string>();
  private readonly issued = new Set<string>();
  private readonly counts = new Map<PersonalKind, number>();

  /** The pseudonym of `value` (an empty value stays empty: there is nothing to hide). */
  of(kind: PersonalKind, value: string): string {
    if (value.trim() === '') return value;
    const known = this.byValue.get(value);
    if (known !== undefined) return known;
    const n = (this.counts.get(kind) ?? 0) + 1;
    this.counts.set(kind, n);
    let pseudonym = generate(kind, n, value, 0);
    for (let attempt = 1; pseudonym === value || this.issued.has(pseudonym); attempt++) pseudonym = generate(kind, n, value, attempt);
    this.byValue.set(value, pseudonym);
    this.issued.add(pseudonym);
    return pseudonym;
  }

  /** How many different values were replaced. */
  get size(): number {
    return this.byValue.size;
  }
}
