import { CallError } from '../../../shared/contract/errors';
import type { FlowsInfo, OrderActionArgs } from '../../../shared/contract/flows';
import { checkPaymentLinkRequest } from '../../../shared/flows/payment-link-checks';
import {
  ChargeResponseSchema,
  PaymentLinkOrderSchema,
  PaymentLinkResponseSchema,
  PaymentMethodResponseSchema,
  ValidationProblemSchema,
  type ChargeRequest,
  type PaymentLinkRequest,
  type PaymentMethodRequest,
  type ValidationProblem,
} from '../../../shared/service';
import type { z } from 'zod';
import type { FlowsDeps } from './deps';
import type { Connection } from '../../services/environments/environments';
import { ClientPool } from '../../services/service-api/client-pool';
import { HistoryApiError } from '../../services/service-api/errors';
import { CATALOGUE } from '../../../shared/emulator/catalogue';
import { sendFlowRequest, type FlowAnswer, type FlowRequest } from './flow-request';
import { FrameOrigins } from './frame-origins';
import { sandboxTestCards } from './test-cards';

/** What every step returns: the exchange, the parsed answer on 200, the validation problem on 400 (see docs/service.md#validation-problem). */
export interface StepResult<T> {
  exchange: FlowAnswer['exchange'];
  value: T | null;
  problem: ValidationProblem | null;
}

/**
 * Runs the card and payment-link flows against the active environment. The access token comes
 * from the history client's TokenManager (one per connection, refreshed and retried on 401 as
 * there); payment-link calls use the merchant secret key when the environment has one (section
 * 5), else the token. Nothing secret is returned: only masked exchanges.
 */
export class FlowRunner {
  private readonly clients: ClientPool;
  readonly frameOrigins = new FrameOrigins();

  constructor(private readonly ctx: FlowsDeps) {
    this.clients = new ClientPool(ctx.runtime.fetch, ctx.runtime.clock);
  }

  info(): FlowsInfo {
    const environment = this.ctx.config.environments.activeInfo();
    const connection = this.ctx.config.environments.active();
    const reason = !connection
      ? environment.isSandbox
        ? 'the sandbox is not running'
        : `the environment ${environment.name} is not configured`
      : !connection.clientSecret
        ? `no client secret is set for ${environment.name} (Settings, Environments)`
        : null;
    return {
      environment,
      available: reason === null,
      reason,
      baseUrl: connection?.baseUrl ?? null,
      frameOrigin: this.frameOrigins.for(connection),
      testCards: environment.isSandbox ? sandboxTestCards() : [],
      skus: environment.isSandbox ? CATALOGUE.map((p) => ({ sku: p.sku, name: p.name, price: p.price })) : [],
    };
  }

  async createPaymentMethod(body: PaymentMethodRequest): Promise<StepResult<z.infer<typeof PaymentMethodResponseSchema>>> {
    const answer = await this.withToken({ step: 'Create payment method', method: 'POST', path: '/paymentmethods', body });
    return stepResult(answer, PaymentMethodResponseSchema);
  }

  async charge(body: ChargeRequest): Promise<StepResult<z.infer<typeof ChargeResponseSchema>>> {
    const step = body.authenticationId ? 'Charge with the 3-D Secure authentication id' : 'Charge';
    const answer = await this.withToken({ step, method: 'POST', path: '/charges', body });
    const result = stepResult(answer, ChargeResponseSchema);
    const url = result.value?.authentication?.url;
    if (url) this.frameOrigins.learn(this.connection(), url);
    return result;
  }

  async createPaymentLink(body: PaymentLinkRequest) {
    const refused = checkPaymentLinkRequest(body);
    if (Object.keys(refused).length > 0) return { refused, result: null };
    const answer = await this.paymentLinkCall({ step: 'Create payment link', method: 'POST', path: '/paymentlink/checkout', body });
    return { refused: null, result: stepResult(answer, PaymentLinkResponseSchema) };
  }

  async readPaymentLink(orderCode: string) {
    const path = `/paymentlink/order/${encodeURIComponent(orderCode)}`;
    const answer = await this.paymentLinkCall({ step: 'Read the order back', method: 'GET', path });
    return stepResult(answer, PaymentLinkOrderSchema);
  }

  /** The sandbox's control API: the moves a buyer or the merchant portal would make. */
  async orderAction(args: OrderActionArgs): Promise<StepResult<unknown>> {
    const connection = this.connection();
    if (!connection.isSandbox) {
      throw new CallError('unavailable', 'paying, shipping, cancelling… from Hooklab works in the sandbox only; on a live store they happen in the merchant portal');
    }
    const { orderCode, action, ...rest } = args;
    const body = controlBody(action, rest);
    const answer = await sendFlowRequest(this.ctx.runtime.fetch, this.ctx.runtime.clock, {
      step: STEP_NAMES[action](args),
      method: 'POST',
      url: `${connection.baseUrl.replace(/\/+$/, '')}/_sandbox/orders/${encodeURIComponent(orderCode)}/${action}`,
      body,
      // Shown masked in the exchange, as every authorization is.
      ...(connection.controlToken ? { authorization: `Bearer ${connection.controlToken}` } : {}),
    }, 60_000);
    return { exchange: answer.exchange, value: answer.status === 200 ? answer.json : null, problem: null };
  }

  private connection(): Connection {
    const connection = this.ctx.config.environments.active();
    if (!connection) throw new CallError('unavailable', this.info().reason ?? 'no environment is active');
    return connection;
  }

  private url(connection: Connection, path: string): string {
    return `${connection.baseUrl.replace(/\/+$/, '')}${path}`;
  }

  /** A call with the access token; a 401 refreshes it once and sends once more, as the poller does. */
  private async withToken(req: Omit<FlowRequest, 'url' | 'authorization'> & { path: string }): Promise<FlowAnswer> {
    const connection = this.connection();
    const tokens = this.clients.for(connection).tokens;
    const send = async (token: string) =>
      sendFlowRequest(this.ctx.runtime.fetch, this.ctx.runtime.clock, { ...req, url: this.url(connection, req.path), authorization: `Bearer ${token}` });
    const token = await this.token(tokens);
    const first = await send(token);
    if (first.status !== 401) return first;
    tokens.invalidate(token);
    return send(await this.token(tokens));
  }

  private async paymentLinkCall(req: Omit<FlowRequest, 'url' | 'authorization'> & { path: string }): Promise<FlowAnswer> {
    const connection = this.connection();
    if (!connection.secretKey) return this.withToken(req);
    return sendFlowRequest(this.ctx.runtime.fetch, this.ctx.runtime.clock, {
      ...req,
      url: this.url(connection, req.path),
      authorization: `Bearer ${connection.secretKey}`,
    });
  }

  private async token(tokens: ReturnType<ClientPool['for']>['tokens']): Promise<string> {
    try {
      return await tokens.token();
    } catch (error) {
      // The token call's own answer (bad credentials, 5xx, unreachable) is the flow's answer.
      if (error instanceof HistoryApiError) throw new CallError('unavailable', `getting an access token failed: ${error.message}`);
      throw error;
    }
  }
}

const STEP_NAMES: Record<OrderActionArgs['action'], (a: OrderActionArgs) => string> = {
  pay: (a) => `Pay the order (sandbox buyer${a.card ? `, card •••• ${a.card.slice(-4)}` : ''})`,
  cancel: () => 'Cancel the order',
  finalize: () => 'Finalize the order',
  delete: () => 'Delete the order',
  shipping: (a) => `Ship: move to ${a.status ?? '?'}`,
  reverse: (a) => (a.fail ? 'Reverse the payment (failing)' : 'Reverse the payment'),
};

function controlBody(action: OrderActionArgs['action'], a: Omit<OrderActionArgs, 'orderCode' | 'action'>): Record<string, unknown> {
  switch (action) {
    case 'pay':
      return a.card ? { card: a.card } : {};
    case 'cancel':
      return a.reason ? { reason: a.reason } : {};
    case 'shipping':
      if (!a.status) throw new CallError('invalid-args', 'shipping needs the status to move to');
      return { status: a.status, ...(a.preparationEtaMinutes !== undefined ? { preparationEtaMinutes: a.preparationEtaMinutes } : {}) };
    case 'reverse':
      return a.fail ? { fail: true } : {};
    default:
      return {};
  }
}

function stepResult<S extends z.ZodType>(answer: FlowAnswer, schema: S): StepResult<z.output<S>> {
  const value = answer.status === 200 ? schema.safeParse(answer.json) : null;
  const problem = answer.status === 400 ? ValidationProblemSchema.safeParse(answer.json) : null;
  return {
    exchange: answer.exchange,
    value: value?.success ? value.data : null,
    problem: problem?.success ? problem.data : null,
  };
}
