import type { TestCard } from '../../../shared/contract/flows';
import { BILLING_COUNTRIES, TEST_CARDS, type CardBehaviour } from '../../../shared/emulator/test-cards';

const OUTCOMES: Record<CardBehaviour, string> = {
  succeed: 'SUCCEEDED',
  'three-ds': 'AUTHENTICATION_REQUIRED: the 3-D Secure page decides (success, failure, processor error, expiry)',
  decline: 'FAILED with CARD_DECLINED (a sandbox-only code)',
  fraud: 'FAILED with FRAUD_PREVENT (held for review)',
};

/** The sandbox's documented test cards, each with what a charge does with it. */
export function sandboxTestCards(): TestCard[] {
  return Object.entries(TEST_CARDS).map(([number, card]) => {
    const needsBillingInfo = BILLING_COUNTRIES.has(card.countryCode);
    const outcome = needsBillingInfo
      ? `${OUTCOMES[card.behaviour]} with billingInfo; without it FAILED with BILLING_INFO_REQUIRED`
      : OUTCOMES[card.behaviour];
    return { number, countryCode: card.countryCode, outcome, needsBillingInfo };
  });
}
