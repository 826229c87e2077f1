import { CallError } from '../../../shared/contract/errors';
import { DEFAULT_REPLAY_METHOD, HeadersSpecSchema, REPLAY_METHODS, ReplayFixtureSchema, type Draft, type ReplayMethod, type ReplayRequestSpec, type HeadersSpec, type OpenSource, type ReplayBody } from '../../../shared/contract/replay-drafts';
import { isEventType, eventTemplateText } from '../../../shared/replay/templates';
import { describeZodError } from '../../../shared/contract/errors';
import { bodyAsText } from '../../../shared/text/utf8';
import { isPerConnectionHeader } from '../../../shared/http/connection-headers';
import { EVENT_CREATED_HEADER, EVENT_ID_HEADER, WEBHOOK_HEADERS } from '../../../shared/service/webhooks';
import type { DeliveryStore } from '../../services/data/delivery-store';
import type { HistoryStore } from '../../services/data/history-store';
import type { ReplayStore } from '../../services/data/replay-store';
import type { ImportStore } from '../../services/data/import-store';

/** Where drafts open from: the stores they read. */
export interface DraftSourceStores {
  readonly received: DeliveryStore;
  readonly history: HistoryStore;
  readonly replay: ReplayStore;
  /** Imported deliveries: a bundle's are signed with the bundle's own key. */
  readonly imports: ImportStore;
  /** The active environment (history deliveries are per environment). */
  readonly environmentId: () => string;
}

const NOT_UTF8 = 'the original body is not valid UTF-8: it is re-sent as its exact bytes (shown read-only as hex)';
/** Headers that say which event this is, how it is signed, or how it travels: rebuilt, not copied. */
function isRebuilt(name: string): boolean {
  const lower = name.toLowerCase();
  return WEBHOOK_HEADERS.has(lower) || lower === 'content-type' || lower === 'user-agent' || isPerConnectionHeader(lower);
}

function headerValue(headers: ReadonlyArray<readonly [string, string]>, name: string): string | null {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? null;
}

/** The body as the editor holds it: text when UTF-8, else the exact bytes. */
function editorBody(bytes: Uint8Array): { body: ReplayBody; warnings: string[] } {
  const text = bodyAsText(bytes);
  return text === null
    ? { body: { kind: 'bytes', base64: Buffer.from(bytes).toString('base64') }, warnings: [NOT_UTF8] }
    : { body: { kind: 'text', text }, warnings: [] };
}

/** Headers that keep the original's event id and time, content type and user agent. */
function keptHeaders(original: ReadonlyArray<readonly [string, string]>, extra: Array<[string, string]> = []): HeadersSpec {
  const parsed = HeadersSpecSchema.safeParse({
    eventId: { mode: 'keep' },
    eventCreated: { mode: 'keep' },
    ...(headerValue(original, 'content-type') !== null ? { contentType: headerValue(original, 'content-type') } : {}),
    ...(headerValue(original, 'user-agent') !== null ? { userAgent: headerValue(original, 'user-agent') } : {}),
    extra,
  });
  if (!parsed.success) throw new CallError('invalid-args', `a header of the original cannot be sent as is: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** A new draft's request: the service's method (POST) unless the source says otherwise, the current key, no tampering. */
function newRequest(body: ReplayBody, headers: HeadersSpec, method: ReplayMethod = DEFAULT_REPLAY_METHOD): ReplayRequestSpec {
  return { method, body, headers, key: { kind: 'current' }, tamper: 'none' };
}

/** The method a fixture was sent with, kept when a replay may use it (else the default, with a warning). */
function fixtureMethod(method: string, warnings: string[]): ReplayMethod {
  const upper = method.toUpperCase();
  const known = REPLAY_METHODS.find((m) => m === upper);
  if (known) return known;
  warnings.push(`the fixture was sent with ${JSON.stringify(method.slice(0, 20))}, which a replay cannot use: ${DEFAULT_REPLAY_METHOD} instead`);
  return DEFAULT_REPLAY_METHOD;
}

function draft(partial: Omit<Draft, 'id' | 'createdAt' | 'updatedAt' | 'targetUrl'> & { targetUrl?: string | null }): Draft {
  return { id: null, createdAt: null, updatedAt: null, targetUrl: null, ...partial };
}

/** An editable, unsaved draft from a source; a saved draft comes back as saved. */
export function openDraft(stores: DraftSourceStores, from: OpenSource): Draft {
  switch (from.kind) {
    case 'received': {
      const raw = stores.received.raw(from.id);
      const summary = stores.received.summary(from.id);
      if (!raw || !summary) throw new CallError('not-found', `no received delivery ${from.id}`);
      const { body, warnings } = editorBody(raw.body);
      if (summary.truncated) warnings.push('this delivery was truncated at the listener’s body limit: the body here is what was kept');
      // A bundle's delivery signs with the bundle's key (its teammate's handler is keyed with it).
      const bundleKey = summary.imported ? stores.imports.signingKeyOf(from.id) : null;
      const request = newRequest(body, keptHeaders(raw.headers));
      return draft({
        name: `${summary.imported ? 'Imported' : 'Received'} #${from.id}${summary.eventType ? ` · ${summary.eventType}` : ''}`,
        request: bundleKey ? { ...request, key: { kind: 'throwaway', id: bundleKey } } : request,
        origin: {
          kind: 'received',
          ref: String(from.id),
          eventId: headerValue(raw.headers, EVENT_ID_HEADER),
          eventCreated: headerValue(raw.headers, EVENT_CREATED_HEADER),
        },
        warnings,
      });
    }
    case 'history': {
      const delivery = stores.history.get(stores.environmentId(), from.id);
      if (!delivery) throw new CallError('not-found', `history delivery ${from.id} is not in the local copy of the active environment`);
      return draft({
        name: `History #${from.id} · ${delivery.eventType}`,
        request: newRequest({ kind: 'text', text: delivery.payload }, keptHeaders([])),
        origin: { kind: 'history', ref: String(from.id), eventId: String(delivery.eventId), eventCreated: delivery.eventCreated },
        warnings: [],
      });
    }
    case 'template': {
      if (!isEventType(from.eventType)) throw new CallError('invalid-args', `“${from.eventType}” is not an event type the service sends`);
      const order = { orderId: '900001', orderReference: 'replay-1', orderType: from.orderType ?? 'FASTLINK_CHARGE' };
      return draft({
        name: `${from.eventType} template`,
        request: newRequest(
          { kind: 'text', text: eventTemplateText(from.eventType, order) },
          HeadersSpecSchema.parse({ eventId: { mode: 'new' }, eventCreated: { mode: 'now' } }),
        ),
        origin: { kind: 'template', ref: from.eventType, eventId: null, eventCreated: null },
        warnings: [],
      });
    }
    case 'fixture':
      return fromFixture(from.content, from.name);
    case 'draft': {
      const saved = stores.replay.getDraft(from.id);
      if (!saved) throw new CallError('not-found', `no draft ${from.id}`);
      return { ...saved, warnings: [] };
    }
  }
}

/** A fixture file (as replay.export wrote it) back into the editor. */
export function fromFixture(content: string, name?: string): Draft {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new CallError('invalid-args', 'this file is not JSON: a Hooklab fixture is the JSON file “Save as fixture” writes');
  }
  const parsed = ReplayFixtureSchema.safeParse(json);
  if (!parsed.success) throw new CallError('invalid-args', `this is not a Hooklab fixture: ${describeZodError(parsed.error)}`);
  const fixture = parsed.data;
  const bytes = new Uint8Array(Buffer.from(fixture.bodyBase64, 'base64'));
  const { body, warnings } = editorBody(bytes);
  const extra = fixture.headers
    .filter(([n]) => !isRebuilt(n))
    .map(([n, v]): [string, string] => [n, v]);
  if (fixture.signature !== null) {
    warnings.push(`re-signed with the key you choose (the fixture was signed with ${fixture.keyLabel ? `“${fixture.keyLabel}”` : 'an unnamed key'})`);
  }
  return draft({
    name: name ? name.replace(/\.json$/i, '') : `Fixture${fixture.eventType ? ` · ${fixture.eventType}` : ''}`,
    request: newRequest(body, keptHeaders(fixture.headers, extra), fixtureMethod(fixture.method, warnings)),
    targetUrl: fixture.url,
    origin: {
      kind: 'fixture',
      ref: name ?? null,
      eventId: headerValue(fixture.headers, EVENT_ID_HEADER),
      eventCreated: headerValue(fixture.headers, EVENT_CREATED_HEADER),
    },
    warnings,
  });
}
