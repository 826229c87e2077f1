import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../shared/signing';
import { nodeHmac } from '../../electron/services/platform/node-hmac';

/** A webhook handler on loopback keyed with one key: what it was sent, judged as a handler would. */
export interface KeyedHandler {
  readonly url: string;
  /** Per delivery, in arrival order: whether its X-Svc-Hmac-Sha256 verified with the key. */
  readonly verdicts: boolean[];
  close(): Promise<void>;
}

/** Starts a handler keyed with `key` on a port the system picks; answers every delivery 200. */
export async function keyedHandler(key: string): Promise<KeyedHandler> {
  const verdicts: boolean[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      verdicts.push(req.headers['x-svc-hmac-sha256'] === signBody(nodeHmac, key, Buffer.concat(chunks)));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    verdicts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
