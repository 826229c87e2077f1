import type { IncomingMessage } from 'node:http';

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string };

/** Reads a JSON request body with a size cap; an empty body is `{}` (calls without arguments). */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return { ok: false, status: 413, message: `request body over ${limit} bytes` };
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, status: 400, message: `malformed JSON: ${(error as Error).message}` };
  }
}
