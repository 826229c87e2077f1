import { HttpError } from './http';

/** Control API error: `{error: message}` with the status (400 bad request, 404 unknown thing). */
export function controlError(status: number, message: string): HttpError {
  return new HttpError(status, { error: message });
}
