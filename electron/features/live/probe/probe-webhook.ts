import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { SIGNATURE_HEADER, type WebhookEvent } from '../../../../shared/service';
import { serviceDeliveryHeaders } from '../../../../shared/signing/webhook-headers';
import { PROBE_LIFETIME_MS, safeEqual, type ProbeTicket } from './probe-tickets';

/** A probe ready to send: the body and headers of a webhook, and what the listener is told. */
export interface ProbeWebhook {
  readonly body: Buffer;
  /** In the service's order (serviceDeliveryHeaders). */
  readonly headers: Array<[string, string]>;
  readonly ticket: ProbeTicket;
}

/** HMAC-SHA256 with a raw key, in the shape shared/signing expects. */
const hmacSha256 = (key: Uint8Array, data: Uint8Array) => new Uint8Array(createHmac('sha256', key).update(data).digest());

/**
 * An event shaped like the service's (a payment link order created: interface 2.8), with ids
 * in the service's ranges, different every time.
 */
function probeEvent(): WebhookEvent {
  const orderId = String(randomInt(100_000, 9_999_999));
  return {
    orderId,
    orderReference: randomBytes(6).toString('hex'),
    orderType: 'FASTLINK_CHARGE',
    description: 'La orden fue creada',
    level: 'Info',
    type: 'Created',
    metadata: null,
  };
}

/**
 * This run's probe key and the probes it signs. A probe is a webhook like the service's in
 * every byte a relay sees (method, path, headers and their order, user agent, body shape),
 * signed in the service's scheme with a key only this run knows: the listener knows it by that
 * signature alone, and its answer carries a proof no one without the key can make. A relay that
 * passes on only Hooklab's requests and answers the others itself cannot pass the probe alone.
 */
export class ProbeKey {
  private readonly key = randomBytes(32).toString('base64');
  private answeredCount = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly onIssued: (ticket: ProbeTicket) => void = () => {},
  ) {}

  /** A fresh probe; its ticket is handed to the listener before it is sent. */
  issue(): ProbeWebhook {
    const body = Buffer.from(JSON.stringify(probeEvent()), 'utf8');
    const nowMs = this.now();
    const headers = serviceDeliveryHeaders(hmacSha256, this.key, body, {
      eventId: String(randomInt(1_000_000, 99_999_999)),
      eventCreated: new Date(nowMs).toISOString(),
    });
    const signature = headers.find(([name]) => name.toLowerCase() === SIGNATURE_HEADER)![1];
    const ticket: ProbeTicket = {
      signature,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      proof: this.proofFor(signature),
      expiresAtMs: nowMs + PROBE_LIFETIME_MS,
    };
    this.onIssued(ticket);
    return { body, headers, ticket };
  }

  /** Whether `answer` (the answer's body, trimmed) is this Hooklab's proof for the probe signed `signature`. */
  isProof(signature: string, answer: string | null): boolean {
    return answer !== null && safeEqual(this.proofFor(signature), answer);
  }

  /** A probe the listener's thread answered. */
  countAnswered(): void {
    this.answeredCount++;
  }

  /** Probes the listener answered since start (kept out of Live: this count is all there is). */
  get answered(): number {
    return this.answeredCount;
  }

  private proofFor(signature: string): string {
    return createHmac('sha256', this.key).update(`answer:${signature}`).digest('hex');
  }
}
