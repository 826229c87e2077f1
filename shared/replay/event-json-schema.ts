/**
 * The JSON Schema of a webhook event (see docs/service.md#webhook-event) the Replay editor validates against as you type:
 * `type` (see docs/service.md#event-types), `level` and `orderType` (see docs/service.md#order-types) as enums, and `metadata` shaped per type (see docs/service.md#event-types,
 * docs/service.md#successpayment-metadata). Unknown extra fields are allowed (the service may add fields); `unknownFieldHints`
 * finds them so the editor can show each as a hint rather than an error.
 *
 * The metadata shapes of SuccessPayment (see docs/service.md#successpayment-metadata) and of `Updated` come from the zod schemas the rest of the app
 * validates with, so the editor and the core never disagree about a field.
 */
import { z } from 'zod';
import { EVENT_TYPES, LEVELS, ORDER_TYPES, type EventType } from '../service/enums';
import { ShippingUpdateMetadataSchema, SuccessPaymentMetadataSchema } from '../service/webhooks';
import { tooDeepToParse } from '../signing/json-depth';
import { locateJson, type LocatedValue } from './json-locations';

/** A JSON Schema (draft-07) as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** The model URI the schema is bound to (Monaco matches schemas to models by URI). */
export const EVENT_SCHEMA_URI = 'hooklab://schemas/webhook-event.json';

/** A zod schema as a draft-07 sub-schema (no `$schema` inside another schema). */
function fromZod(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return rest;
}

const string = (description: string): JsonSchema => ({ type: 'string', description });

const authenticationOnly: JsonSchema = {
  type: 'object',
  properties: { authenticationId: string('3DS authentication id; confirm the charge with it') },
  required: ['authenticationId'],
};

const authenticationProblem: JsonSchema = {
  type: 'object',
  properties: {
    authenticationId: string('3DS authentication id'),
    reason: string('Why authentication did not complete'),
    description: string('What happened, in words'),
  },
  required: ['authenticationId', 'reason', 'description'],
};

/** Types whose metadata is null (see docs/service.md#event-types): an object there is allowed, its fields are unknown. */
const NO_METADATA: JsonSchema = { type: ['null', 'object'], properties: {}, description: 'null for this event type' };

/** The metadata each event type carries (see docs/service.md#event-types, docs/service.md#successpayment-metadata). */
export const METADATA_SCHEMAS: Readonly<Record<EventType, JsonSchema>> = {
  Created: NO_METADATA,
  SuccessPayment: fromZod(SuccessPaymentMetadataSchema),
  Cancelled: NO_METADATA,
  Finalized: NO_METADATA,
  Updated: fromZod(ShippingUpdateMetadataSchema),
  Deleted: NO_METADATA,
  SuccessReverse: NO_METADATA,
  ReverseError: NO_METADATA,
  PaymentError: NO_METADATA,
  ThreeDSecureAuthSucceeded: authenticationOnly,
  ThreeDSecureAuthError: authenticationProblem,
  ThreeDSecureAuthExpired: authenticationOnly,
  ThreeDSecureAuthFailed: authenticationProblem,
};

/** Types whose metadata is an object, so `metadata` must be present and not null. */
const TYPES_WITH_METADATA = EVENT_TYPES.filter((t) => METADATA_SCHEMAS[t] !== NO_METADATA);

/** The event object (see docs/service.md#webhook-event), with metadata chosen by `type`. */
export const eventJsonSchema: JsonSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: EVENT_SCHEMA_URI,
  title: 'Webhook event',
  type: 'object',
  properties: {
    orderId: string('Internal order id'),
    orderReference: { type: ['string', 'null'], description: 'Reference given by the integrator' },
    orderType: {
      type: 'string',
      enum: [...ORDER_TYPES],
      description: 'Kind of order that originated the event; present on every event',
      errorMessage: `Not an orderType the service sends (${ORDER_TYPES.join(', ')})`,
    },
    description: string('Event description message'),
    level: {
      type: 'string',
      enum: [...LEVELS],
      description: 'Info, Warning or Error',
      errorMessage: 'level must be Info, Warning or Error',
    },
    type: {
      type: 'string',
      enum: [...EVENT_TYPES],
      description: 'Event type',
      errorMessage: `Not an event type the service sends (${EVENT_TYPES.join(', ')})`,
    },
    metadata: { type: ['object', 'null'], description: 'Key-value additional information; its shape depends on type' },
  },
  required: ['orderId', 'orderType', 'description', 'level', 'type'],
  allOf: EVENT_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: {
      properties: { metadata: METADATA_SCHEMAS[type] },
      ...(TYPES_WITH_METADATA.includes(type) ? { required: ['metadata'] } : {}),
    },
  })),
};

/** An extra field the schema does not describe: allowed, and worth a hint. */
export interface FieldHint {
  /** JSON-pointer-like path of the field (`/metadata/Tip`). */
  readonly path: string;
  /** Where the field's key is in the text (UTF-16 offsets, as editors count). */
  readonly offset: number;
  readonly length: number;
  readonly message: string;
}

function isObjectSchema(schema: JsonSchema): boolean {
  const t = schema['type'];
  return t === 'object' || (Array.isArray(t) && t.includes('object'));
}

/** The object branch of a schema (`anyOf: [object, null]` as zod writes nullable objects). */
function objectBranch(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (isObjectSchema(schema) || schema['type'] === 'array') return schema;
  const anyOf = schema['anyOf'];
  return Array.isArray(anyOf) ? (anyOf as JsonSchema[]).find((s) => isObjectSchema(s) || s['type'] === 'array') : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths (as key segments) of the fields `schema` does not describe, in document order. */
function unknownPaths(value: unknown, schema: JsonSchema | undefined, path: readonly string[], out: string[][]): void {
  const shape = objectBranch(schema);
  if (!shape) return;
  if (Array.isArray(value)) {
    const items = shape['items'] as JsonSchema | undefined;
    value.forEach((item, i) => unknownPaths(item, items, [...path, String(i)], out));
    return;
  }
  if (!isPlainObject(value)) return;
  const known = (shape['properties'] ?? {}) as Record<string, JsonSchema>;
  // A schema that describes its keys generically (a free-form record) has no unknown keys.
  if (shape['additionalProperties'] !== undefined && Object.keys(known).length === 0) return;
  for (const [key, child] of Object.entries(value)) {
    if (Object.hasOwn(known, key)) unknownPaths(child, known[key], [...path, key], out);
    else out.push([...path, key]);
  }
}

/** The located key at the end of `path` (object keys and array indexes), if there is one. */
function locateKey(root: LocatedValue, path: readonly string[]): { offset: number; length: number } | null {
  let node: LocatedValue = root;
  let found: { offset: number; length: number } | null = null;
  for (const segment of path) {
    if (node.kind === 'object') {
      // The last of repeated keys is the one JSON.parse kept.
      const property = node.properties.findLast((p) => p.key === segment);
      if (!property) return null;
      found = { offset: property.keyOffset, length: property.keyLength };
      node = property.value;
    } else if (node.kind === 'array') {
      const item = node.items[Number(segment)];
      if (!item) return null;
      node = item;
    } else return null;
  }
  return found;
}

/**
 * Fields of the event the spec does not name, with their place in the text. Empty when the
 * text is not JSON (the editor reports that itself) or not an object.
 */
export function unknownFieldHints(text: string): FieldHint[] {
  if (tooDeepToParse(text)) return [];
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isPlainObject(event)) return [];
  const known = typeof event['type'] === 'string' && (EVENT_TYPES as readonly string[]).includes(event['type']);
  // An unknown type's metadata has no described shape: nothing in it is "unknown".
  const metadata = known ? METADATA_SCHEMAS[event['type'] as EventType] : {};
  const schema = { type: 'object', properties: { ...(eventJsonSchema['properties'] as object), metadata } };
  const paths: string[][] = [];
  unknownPaths(event, schema, [], paths);
  // Positions need a slower parse: only when there is something to point at.
  if (paths.length === 0) return [];
  const root = locateJson(text);
  if (!root) return [];
  return paths.flatMap((path) => {
    const at = locateKey(root, path);
    const key = path[path.length - 1]!;
    return at
      ? [{ path: `/${path.join('/')}`, ...at, message: `“${key}” is not a field of the spec here: allowed (the service may add fields), but check the spelling.` }]
      : [];
  });
}
