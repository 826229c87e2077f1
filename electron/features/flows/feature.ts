import type { Feature } from '../../services/kernel/feature';
import type { FlowsDeps } from './deps';
import { FlowRunner } from './flow-runner';
import { readHandlerState } from './handler-state';
import { runFailingOrderSearch } from './failing-order-search';

/**
 * The flow runner (Sequences → Flows): card and payment-link flows against the active
 * environment, through the core so credentials and tokens never reach the renderer.
 */
export function createFlowsFeature(ctx: FlowsDeps): Feature {
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
      'flows.handlerState': ({ url }) => readHandlerState(ctx.runtime.fetch, ctx.runtime.clock, url),
      'flows.searchFailingOrder': (args) => runFailingOrderSearch(ctx, args),
    },
  };
}
