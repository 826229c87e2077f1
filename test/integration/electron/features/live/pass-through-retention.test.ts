import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventBody, post, startLiveApp, type LiveApp } from './live-helpers';

let app: LiveApp | null = null;
let handler: Server | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
  handler?.closeAllConnections();
  await new Promise((r) => (handler ? handler.close(r) : r(null)));
  handler = null;
});

describe('pass-through with a small retention', () => {
  it("answers the handler's 200 even when retention removed the delivery before its forward result was saved", async () => {
    // The handler holds the first delivery's answer until the test lets it go.
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    let firstArrived: () => void = () => {};
    const arrived = new Promise<void>((r) => (firstArrived = r));
    handler = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const first = Buffer.concat(chunks).toString().includes('"first"');
        if (!first) return void res.writeHead(200).end('second handled');
        firstArrived();
        void released.then(() => res.writeHead(200).end('first handled'));
      });
    });
    await new Promise<void>((r) => handler!.listen(0, '127.0.0.1', r));
    const target = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/hook`;
    app = await startLiveApp({ listener: { passThrough: true, forwardTargets: [target], retainDeliveries: 1 } }, null);

    const first = post(`${app.listenerUrl}/`, eventBody({ orderId: 'first' }));
    await arrived;
    // The second delivery is stored; retention (1) removes the first, still waiting on its handler.
    expect((await post(`${app.listenerUrl}/`, eventBody({ orderId: 'second' }))).status).toBe(200);
    expect((await app.call('live.list', {})).rows.map((r) => r.orderId)).toEqual(['second']);
    release();
    expect(await first).toEqual({ status: 200, body: 'first handled' });
  });
});
