import { CallError } from '../../../shared/contract/errors';
import { RedactionError } from '../../../shared/redaction';
import { regressionTest, RegressionTestError } from '../../../shared/regression-test';
import { recordScenario, ScenarioRecordError } from '../../../shared/scenario/record';
import type { Feature } from '../../services/kernel/feature';
import type { ScenariosDeps } from './deps';
import { receivedCalls } from './received-calls';

/** A reason in words (no order, a bad --expect, a body redaction cannot read): the caller's to fix. */
const isUsersToFix = (error: unknown) => error instanceof ScenarioRecordError || error instanceof RegressionTestError || error instanceof RedactionError;

/**
 * Scenarios as files a user keeps: `scenario.regressionTest` writes a test for the user's own
 * suite from an order's received deliveries (recorded as `hooklab scenario record` records them)
 * or from a scenario file the caller passes (a shrunk sequence, a file the user opened).
 */
export function createScenariosFeature(ctx: ScenariosDeps): Feature {
  return {
    name: 'scenarios',
    handlers: {
      'scenario.regressionTest': async ({ orderId, scenario, framework, expect, expectState, redact }) => {
        try {
          const file = scenario ?? (await recordScenario(receivedCalls(ctx.data.deliveries), { orderId: orderId! }, new Date(ctx.runtime.clock.now()).toISOString(), { vouchedForOnly: true }));
          return regressionTest(file, {
            ...(framework ? { framework } : {}),
            ...(expect ? { expect } : {}),
            ...(expectState ? { expectState } : {}),
            ...(redact ? { redact } : {}),
            ...(orderId ? { orderId } : {}),
          });
        } catch (error) {
          if (isUsersToFix(error)) throw new CallError(error instanceof ScenarioRecordError ? 'not-found' : 'invalid-args', (error as Error).message);
          throw error;
        }
      },
    },
  };
}
