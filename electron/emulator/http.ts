import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  SERVER_PROBLEM_TYPE,
  VALIDATION_PROBLEM_TYPE,
  type GenericError,
  type ServerProblem,
  type ValidationProblem,
} from '../../shared/service';

/** Largest request body accepted; the service's bodies are small JSON documents. */
const MAX_BODY = 1024 * 1024;

/** Thrown by handlers to answer with a status and body instead of 500. */
/** The readable part of an error body: a problem's title, a control error's text, else the status. */
function errorMessage(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    if ('title' in body) return String(body.title);
    if ('error' in body && typeof body.error === 'string') return body.error;
  }
  return `HTTP ${status}`;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(errorMessage(status, body));
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
};

/** The sandbox's body for statuses whose body the spec leaves open (GenericError shape). */
export function genericError(status: number, detail?: string): HttpError {
  const body: GenericError = { status, title: TITLES[status] ?? 'Error', ...(detail ? { detail } : {}) };
  return new HttpError(status, body);
}

/** A validation problem (see docs/service.md#validation-problem): field -> messages. */
export function validationProblem(errors: Record<string, string[]>): HttpError {
  const body: ValidationProblem = {
    type: VALIDATION_PROBLEM_TYPE,
    title: 'One or more validation errors occurred.',
    status: 400,
    errors,
  };
  return new HttpError(400, body);
}

/** A server problem (see docs/service.md#server-error). */
export function serverProblem(title = 'An error occurred while processing your request.'): HttpError {
  const body: ServerProblem = { type: SERVER_PROBLEM_TYPE, title, status: 500 };
  return new HttpError(500, body);
}

/** Reads the raw body, refusing more than MAX_BODY bytes. */
export function readRaw(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(genericError(413, 'body larger than 1 MiB'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Parses a JSON body. `onInvalid` builds the error for unparsable JSON, since the service API
 * answers with a validation problem (docs/service.md#validation-problem) and the control API with a plain message.
 */
export async function readJson(
  req: IncomingMessage,
  onInvalid: (msg: string) => HttpError,
  allowEmpty = false,
): Promise<unknown> {
  const raw = await readRaw(req);
  const text = raw.toString('utf8');
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw onInvalid('A non-empty request body is required.');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw onInvalid(`The JSON value could not be converted: ${(err as Error).message}`);
  }
}

/** Writes a JSON response. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Writes an HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}
