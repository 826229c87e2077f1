import type { FlowExchange } from '../../../shared/contract/flows';
import type { Clock } from '../../services/platform/clock';
import { HistoryApiError } from '../../services/service-api/errors';
import { sendRequest } from '../../services/service-api/http';
import { maskHeaders, maskRequestBody } from './masking';

/** One request a flow sends. */
export interface FlowRequest {
  readonly step: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly body?: unknown;
  /** The Authorization value; omitted for the sandbox's control API. */
  readonly authorization?: string;
}

/** An exchange for the page, and the answer's status and JSON for the caller. */
export interface FlowAnswer {
  readonly exchange: FlowExchange;
  readonly status: number | null;
  readonly json: unknown;
}

/**
 * Sends one request of a flow with a deadline and records it as the page shows it: the
 * service's answer whatever its status (a refusal is part of the flow, not an exception), and
 * a failure to get any answer in words.
 */
export async function sendFlowRequest(fetchFn: typeof fetch, clock: Clock, req: FlowRequest, timeoutMs = 15_000): Promise<FlowAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  if (req.authorization) headers.authorization = req.authorization;
  const started = clock.now();
  const base = {
    step: req.step,
    method: req.method,
    url: req.url,
    requestHeaders: maskHeaders(headers),
    requestBody: req.body === undefined ? null : maskRequestBody(req.body),
    startedAt: new Date(started).toISOString(),
  };
  try {
    const res = await sendRequest(
      fetchFn,
      req.url,
      { method: req.method, headers, ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}) },
      timeoutMs,
    );
    const json = parseJson(res.text);
    const responseBody = json === undefined ? res.text : json;
    return {
      exchange: { ...base, status: res.status, responseBody, error: null, durationMs: clock.now() - started },
      status: res.status,
      json: responseBody,
    };
  } catch (error) {
    const message = error instanceof HistoryApiError ? error.message : (error as Error).message;
    return {
      exchange: { ...base, status: null, responseBody: null, error: message, durationMs: clock.now() - started },
      status: null,
      json: null,
    };
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
