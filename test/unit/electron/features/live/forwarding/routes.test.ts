import { describe, expect, it } from 'vitest';
import { forwardTargetsFor } from '../../../../../../electron/features/live/forwarding/routes';

describe('forward routes by event type', () => {
  it("sends a type with its own route there, and every other delivery to the general targets", () => {
    const settings = { forwardTargets: ['http://all/'], forwardRoutes: { SuccessPayment: ['http://pay/'] } };
    expect(forwardTargetsFor(settings, 'SuccessPayment')).toEqual(['http://pay/']);
    expect(forwardTargetsFor(settings, 'Created')).toEqual(['http://all/']);
    expect(forwardTargetsFor(settings, null)).toEqual(['http://all/']);
    expect(forwardTargetsFor(settings, 'constructor')).toEqual(['http://all/']);
  });
});
