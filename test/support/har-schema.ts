/**
 * The JSON Schema of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), written from the
 * spec as the `har-schema` package states it (draft-06: required fields, their types, `-1` for
 * unknown sizes and timings), for Ajv. Custom fields (`_hooklab`) are allowed, as the spec says.
 */
const nameValue = { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } } };
const cookie = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, path: { type: 'string' }, domain: { type: 'string' }, expires: { type: ['string', 'null'] }, httpOnly: { type: 'boolean' }, secure: { type: 'boolean' } },
};
const dateTime = { type: 'string', pattern: '^(\\d{4})(-)?(\\d\\d)(-)?(\\d\\d)(T)?(\\d\\d)(:)?(\\d\\d)(:)?(\\d\\d)(\\.\\d+)?(Z|([+-])(\\d\\d)(:)?(\\d\\d))' };

export const HAR_1_2_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { type: 'string' },
        creator: { type: 'object', required: ['name', 'version'], properties: { name: { type: 'string' }, version: { type: 'string' } } },
        browser: { type: 'object' },
        pages: { type: 'array' },
        comment: { type: 'string' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              pageref: { type: 'string' },
              startedDateTime: dateTime,
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
                properties: {
                  method: { type: 'string' },
                  url: { type: 'string', format: 'uri' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array', items: cookie },
                  headers: { type: 'array', items: nameValue },
                  queryString: { type: 'array', items: nameValue },
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    properties: {
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      params: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, value: { type: 'string' } } } },
                    },
                  },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              response: {
                type: 'object',
                required: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'],
                properties: {
                  status: { type: 'integer' },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: { type: 'array', items: cookie },
                  headers: { type: 'array', items: nameValue },
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: { size: { type: 'integer' }, compression: { type: 'integer' }, mimeType: { type: 'string' }, text: { type: 'string' }, encoding: { type: 'string' } },
                  },
                  redirectURL: { type: 'string' },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: {
                  dns: { type: 'number', minimum: -1 },
                  connect: { type: 'number', minimum: -1 },
                  blocked: { type: 'number', minimum: -1 },
                  send: { type: 'number', minimum: -1 },
                  wait: { type: 'number', minimum: -1 },
                  receive: { type: 'number', minimum: -1 },
                  ssl: { type: 'number', minimum: -1 },
                },
              },
              serverIPAddress: { type: 'string' },
              connection: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;
