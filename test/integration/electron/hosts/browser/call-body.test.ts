import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../../support/app-harness';

/** A raw connection, so the test decides when (and whether) the rest of a body is sent. */
function openSocket(port: number): Promise<{ socket: Socket; response: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      let text = '';
      const response = new Promise<string>((done) => {
        socket.on('data', (c: Buffer) => {
          text += c.toString('latin1');
          if (/\r\n\r\n/.test(text)) done(text);
        });
        socket.on('close', () => done(text));
      });
      resolve({ socket, response });
    });
    socket.on('error', reject);
    socket.setNoDelay(true);
  });
}

const MB = 1024 * 1024;

describe('browser host call bodies', () => {
  let app: TestApp;
  let uiDir: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    uiDir = mkdtempSync(join(tmpdir(), 'hooklab-ui-'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Hooklab UI</title>');
    app = await startTestApp({ features: () => [], rendererDir: uiDir });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await app.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  const head = (extra: string) =>
    `POST /api/calls/settings.get HTTP/1.1\r\nHost: 127.0.0.1:${app.host.port}\r\nAuthorization: Bearer ${app.token}\r\nContent-Type: application/json\r\n${extra}\r\n`;

  it('refuses a declared 19 MB body of [ with 413 before reading it, and keeps answering others', async () => {
    const { socket, response } = await openSocket(app.host.port);
    sockets.push(socket);
    socket.write(head(`Content-Length: ${19 * MB}\r\n`));
    socket.write('['.repeat(64 * 1024)); // the rest is never sent: a host that waits for it hangs
    expect(await response).toMatch(/^HTTP\/1\.1 413 /);
    expect(await app.call('app.status', {})).toHaveProperty('host');
  });

  it('refuses a chunked 19 MB body of [ as soon as it passes 1 MB, without waiting for the rest', async () => {
    const { socket, response } = await openSocket(app.host.port);
    sockets.push(socket);
    socket.write(head('Transfer-Encoding: chunked\r\n'));
    const chunk = '['.repeat(256 * 1024);
    const frame = `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    let sent = 0;
    let answered = false;
    void response.then(() => (answered = true));
    // Send up to 19 MB, but stop as soon as the host answers; it must answer long before.
    while (!answered && sent < 19 * MB) {
      // A host that stops reading stops draining the socket: the answer ends the wait too.
      await Promise.race([
        new Promise<void>((resolve) => (socket.write(frame) ? setImmediate(resolve) : socket.once('drain', resolve))),
        response,
      ]);
      sent += chunk.length;
      // Meanwhile another call is answered: the process is not stuck buffering or parsing.
      if (sent === 2 * chunk.length) expect(await app.call('app.status', {})).toHaveProperty('host');
    }
    expect(await response).toMatch(/^HTTP\/1\.1 413 /);
    expect(sent).toBeLessThan(19 * MB);
    expect(await app.call('app.status', {})).toHaveProperty('host');
  });

  it('a client that sends its whole 20 MB body before reading gets the 413 and its JSON error, not a reset', async () => {
    // As Python's http.client or requests do: every byte written, only then the answer read.
    const { socket } = await openSocket(app.host.port);
    sockets.push(socket);
    let received = '';
    let failure: Error | null = null;
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    socket.on('error', (error) => (failure = error));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(head(`Content-Length: ${20 * MB}\r\n`));
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    for (let sent = 0; sent < 20 * MB && failure === null; sent += chunk.length) {
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
    await closed;
    expect(failure).toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    const json = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { ok: boolean; error: { code: string; message: string } };
    expect(json).toEqual({ ok: false, error: { code: 'invalid-args', message: 'request body over 1048576 bytes, the most this call takes: nothing was done' } });
    expect(await app.call('app.status', {})).toHaveProperty('host');
  });

  it('answers 400 with a clear message for JSON nested too deep, before parsing it', async () => {
    const depth = 100_000;
    const res = await fetch(`${app.url}/api/calls/settings.update`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
      body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid-args', message: expect.stringContaining('nested deeper than 64') } });
  });

  it('answers 400 for a body that is not JSON, and 413 for a body just over 1 MB sent with fetch', async () => {
    const post = (body: string) =>
      fetch(`${app.url}/api/calls/settings.get`, { method: 'POST', headers: { Authorization: `Bearer ${app.token}` }, body });
    const malformed = await post('{"a":');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { message: expect.stringMatching(/^malformed JSON/) } });
    expect((await post(' '.repeat(MB + 1))).status).toBe(413);
    expect((await post(' '.repeat(MB - 10) + '{}')).status).toBe(200);
  });
});
