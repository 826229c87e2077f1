/**
 * The public types of `hooklab/testing`. This file imports nothing: the package build ships it
 * as dist/package/testing/index.d.ts (plus the startSandbox declaration), so integrators'
 * editors and type checks see exactly these names.
 */

/** A delivery as the service's history API shows it (docs/service.md#webhook-delivery). */
export interface SandboxDelivery {
  id: number;
  eventId: number;
  eventType: string;
  eventCreated: string;
  url: string;
  /** The exact body sent, as a JSON string. */
  payload: string;
  /** 0 while in flight; 500 also for connection failures and timeouts. */
  responseStatusCode: number;
  delivered: boolean;
  created: string;
}

/** Fields of an event (docs/service.md#webhook-event) to change in a template; nested objects merge, other values replace. */
export interface EventOverrides {
  orderId?: string;
  orderReference?: string | null;
  orderType?: string;
  description?: string;
  level?: 'Info' | 'Warning' | 'Error';
  metadata?: Record<string, unknown> | null;
}

/** Which deliveries `deliveries()` lists: every field is optional, all given ones must match. */
export interface DeliveryFilter {
  eventType?: string;
  delivered?: boolean;
  responseStatusCode?: number;
  /** Only deliveries with an id above this one (the history API's cursor, docs/service.md#cursor-rule). */
  afterId?: number;
}

/** Options of startSandbox; every field is optional. */
export interface TestSandboxOptions {
  /** Where the service sends webhooks (`;` separates several URLs, as in the portal). */
  webhookUrl?: string;
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The webhook signing key; a fresh random one when absent. */
  webhookKey?: string;
  /** Time source for tokens, event timestamps and expiry; default the system clock. */
  clock?: { now(): number };
  /** Base delay between the service's automatic retries (attempt n waits n x this); default 1000 ms. */
  retryDelayMs?: number;
}

/** The test store's credentials: throwaway values generated for this sandbox. */
export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  secretKey: string;
  webhookKey: string;
}

/** What a scenario did: its order and every delivery it logged, in emission order. */
export interface ScenarioRun {
  scenario: string;
  orderId: string;
  orderCode: string;
  deliveries: SandboxDelivery[];
}

/** A running sandbox of the payment service, for an integrator's own tests. */
export interface TestSandbox {
  /** `http://127.0.0.1:PORT`: {base_url} of the service (token, payment methods, charges, payment links). */
  readonly baseUrl: string;
  /** `{base_url}/api/v3`: {api_v3_url} of the delivery-history API. */
  readonly apiV3Url: string;
  readonly port: number;
  /** `{base_url}/_sandbox`: the sandbox's control API (order moves such as paying a payment link, chaos, scenarios). */
  readonly controlUrl: string;
  /** What every control API call sends as `Authorization: Bearer <controlToken>`: new for each sandbox, only for your tests. */
  readonly controlToken: string;
  readonly credentials: SandboxCredentials;
  /** Names of every scenario runScenario accepts. */
  readonly scenarios: readonly string[];
  /** Sends one signed event of `eventType` (its template, with `overrides` merged in) to the webhook URL and returns its delivery as the history API shows it. */
  trigger(eventType: string, overrides?: EventOverrides): Promise<SandboxDelivery>;
  /** Plays a named scenario of the sandbox to the end (see `scenarios`). */
  runScenario(name: string): Promise<ScenarioRun>;
  /** The deliveries the history API lists for the filter, every page, newest first. */
  deliveries(filter?: DeliveryFilter): Promise<SandboxDelivery[]>;
  /** The X-Svc-Hmac-Sha256 value of a raw body under the current webhook key. */
  sign(rawBody: string | Uint8Array): string;
  /** Changes the portal webhook setting (`;`-separated URLs; empty: no webhooks). */
  setWebhookUrl(url: string): Promise<void>;
  /** The next `count` delivery attempts (retries and resends included) fail with `status` (default 500) without reaching the receiver. */
  failNext(count: number, status?: number): Promise<void>;
  /** Forgets orders, payments and delivery history; credentials and the webhook URL stay. */
  reset(): Promise<void>;
  /** Stops the server, cuts deliveries in flight short and frees the port. */
  close(): Promise<void>;
}

/** startSandbox's signature (declared here so the shipped .d.ts needs no other file). */
export type StartSandbox = (options?: TestSandboxOptions) => Promise<TestSandbox>;

/** One recorded delivery of a regression test: its event headers' values and its exact body. */
export interface RecordedEvent {
  type: string | null;
  /** X-Svc-Event-Id as recorded; null for an unlogged delivery (sent without the event headers, as the service did). */
  eventId: string | null;
  /** X-Svc-Event-Created as recorded. */
  created: string | null;
  /** The body when it is text (sent as its UTF-8 bytes)... */
  body?: string | undefined;
  /** ...else its bytes in Base64. */
  bodyBase64?: string | undefined;
}

/** One value the handler's state must have: `orders.{orderId}.payments` = 1 (`{orderId}` is the recording's order). */
export interface StateExpectation {
  path: string;
  value: unknown;
}

/** The order's states as Hooklab's Sequences derived them, compared by field name at `path`. */
export interface ExpectedOrderState {
  path: string;
  status: string;
  payment: string;
  shipping: string | null;
  threeDs: string | null;
}

/** What a regression test written by Hooklab holds. */
export interface RecordedOrder {
  orderId: string;
  events: RecordedEvent[];
  /** Checked against the state when given... */
  expect?: StateExpectation[] | undefined;
  /** ...else these derived states. */
  expectOrderState?: ExpectedOrderState | undefined;
  /** HOOKLAB_STATE_URL's default. */
  stateUrl?: string | null | undefined;
  /** The bodies were redacted (pseudonyms for personal data). */
  redacted?: boolean | undefined;
}

/** Where to send and how to sign; each defaults to its environment variable. */
export interface SendOptions {
  /** Default HOOKLAB_HANDLER_URL. */
  handlerUrl?: string | undefined;
  /** Default HOOKLAB_WEBHOOK_KEY. */
  webhookKey?: string | undefined;
}

/** What the handler answered one event. */
export interface SentEvent {
  type: string | null;
  eventId: string | null;
  status: number;
}

/** What replayRecordedOrder found: an empty `failures` is a pass. */
export interface RegressionResult {
  sent: SentEvent[];
  state: unknown;
  /** One line per difference: a non-2xx answer, a value the state does not have. */
  failures: string[];
}

/** sendSignedEvents' signature: POSTs each event in order, signed at run time; throws one line when a variable is missing or the handler cannot be reached. */
export type SendSignedEvents = (events: readonly RecordedEvent[], options?: SendOptions) => Promise<SentEvent[]>;
/** readState's signature: GETs the state JSON from `url` (default HOOKLAB_STATE_URL, then `fallback`). */
export type ReadState = (fallback?: string | null) => Promise<unknown>;
/** replayRecordedOrder's signature: sends the recording's events, reads the state, checks each expectation. */
export type ReplayRecordedOrder = (order: RecordedOrder, options?: SendOptions) => Promise<RegressionResult>;
