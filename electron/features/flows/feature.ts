import type { CoreContext, Feature } from '../../services/kernel/feature';
import { FlowRunner } from './flow-runner';
import { readHandlerState } from './handler-state';
import { runFailingOrderSearch } from './failing-order-search';

/**
 * The flow runner (Sequences → Flows): card and payment-link flows against the active
 * environment, through the core so credentials and tokens never reach the renderer.
 */
export function createFlowsFeature(ctx: CoreContext): Feature {
  const runner = new FlowRunner(ctx);
  return {
    name: 'flows',
    handlers: {
      'flows.info': async () => runner.info(),
      'flows.createPaymentMethod': (body) => runner.createPaymentMethod(body),
      'flows.charge': (body) => runner.charge(body),
      'flows.createPaymentLink': (body) => runner.createPaymentLink(body),
      'flows.readPaymentLink': ({ orderCode }) => runner.readPaymentLink(orderCode),
      'flows.orderAction': (args) => runner.orderAction(args),
      'flows.handlerState': ({ url }) => readHandlerState(ctx.fetch, ctx.clock, url),
      'flows.searchFailingOrder': (args) => runFailingOrderSearch(ctx, args),
    },
  };
}
