/**
 * The emulator's test cards: the emulator acts them out on charges and the Flows panel lists
 * them for a sandbox environment, so both read this one table.
 */

/** What a test card does when charged. */
export type CardBehaviour = 'succeed' | 'three-ds' | 'decline' | 'fraud';

export interface SandboxTestCard {
  behaviour: CardBehaviour;
  countryCode: string;
  issuerName: string;
}

/** The documented test cards; any other Luhn-valid number succeeds with the default issuer. */
export const TEST_CARDS: Record<string, SandboxTestCard> = {
  '4242424242424242': { behaviour: 'succeed', countryCode: 'SLV', issuerName: 'Banco Sandbox' },
  '4000000000003220': { behaviour: 'three-ds', countryCode: 'SLV', issuerName: 'Banco Sandbox 3DS' },
  '4000000000000002': { behaviour: 'decline', countryCode: 'SLV', issuerName: 'Banco Sandbox' },
  '4100000000000019': { behaviour: 'fraud', countryCode: 'SLV', issuerName: 'Banco Sandbox' },
  '4000008400001629': { behaviour: 'succeed', countryCode: 'USA', issuerName: 'Sandbox Bank USA' },
  '4000001240000000': { behaviour: 'succeed', countryCode: 'CAN', issuerName: 'Sandbox Bank Canada' },
};

/** Issuer countries whose cards need billingInfo on charges (see docs/service.md#charges). */
export const BILLING_COUNTRIES = new Set(['USA', 'CAN']);
