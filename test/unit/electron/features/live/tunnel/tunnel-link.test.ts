import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { TunnelLink } from '../../../../../../electron/features/live/tunnel/tunnel-link';

const REQUEST = 'POST /hook HTTP/1.1\r\nHost: x.lt.test\r\nContent-Length: 2\r\n\r\n{}';
const ANSWER = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok';

const started: Server[] = [];
const links: TunnelLink[] = [];
afterEach(async () => {
  for (const link of links.splice(0)) link.close();
  for (const server of started.splice(0)) {
    server.close();
    await new Promise((r) => setImmediate(r));
  }
});

async function listen(onSocket: (socket: Socket, index: number) => void): Promise<{ port: number; connections: () => number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
    onSocket(socket, sockets.length - 1);
  });
  started.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, connections: () => sockets.length, sockets };
}

/** A stand-in for the tunnel server: hands out the link's socket, as the server side sees it. */
async function tunnelServer() {
  let take: (s: Socket) => void;
  const taken = new Promise<Socket>((r) => (take = r));
  const server = await listen((socket) => take(socket));
  return { port: server.port, socket: taken };
}

/** What arrives on the server's side of the socket until `pattern` is in it. */
function readUntil(socket: Socket, pattern: RegExp): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const onData = (c: Buffer) => {
      got += c.toString('latin1');
      if (pattern.test(got)) {
        socket.off('data', onData);
        resolve(got);
      }
    };
    socket.on('data', onData);
  });
}

function link(remotePort: number, localPort: number, onDead: (info: { carried: boolean }) => void = () => {}): TunnelLink {
  const l = new TunnelLink({ remoteHost: '127.0.0.1', remotePort, localPort }, { onDead });
  links.push(l);
  return l;
}

describe('TunnelLink', () => {
  it('opens its connection to the listener only when a request arrives, and carries the answer back', async () => {
    const listener = await listen((socket) => socket.once('data', () => socket.write(ANSWER)));
    const server = await tunnelServer();
    link(server.port, listener.port);
    const remote = await server.socket;
    // An idle socket has nothing at the listener (it would meet the header timeout there).
    expect(listener.connections()).toBe(0);
    remote.write(REQUEST);
    expect(await readUntil(remote, /ok$/)).toBe(ANSWER);
    expect(listener.connections()).toBe(1);
  });

  it('keeps the server\'s socket when the listener closes its side, and opens a new connection for the next request', async () => {
    // Answers, then closes (as keep-alive ends): the server's socket must stay usable.
    const listener = await listen((socket) => socket.once('data', () => socket.end(ANSWER)));
    const server = await tunnelServer();
    let dead = 0;
    link(server.port, listener.port, () => dead++);
    const remote = await server.socket;
    remote.write(REQUEST);
    await readUntil(remote, /ok$/);
    await new Promise((r) => listener.sockets[0]!.once('close', r));
    remote.write(REQUEST);
    expect(await readUntil(remote, /ok$/)).toBe(ANSWER);
    expect(listener.connections()).toBe(2);
    expect(dead).toBe(0);
  });

  it('sends a request again on a fresh connection when the listener closes as it arrives, without answering', async () => {
    const listener = await listen((socket, index) => socket.once('data', () => (index === 0 ? socket.destroy() : socket.write(ANSWER))));
    const server = await tunnelServer();
    link(server.port, listener.port);
    const remote = await server.socket;
    remote.write(REQUEST);
    expect(await readUntil(remote, /ok$/)).toBe(ANSWER);
    expect(listener.connections()).toBe(2);
  });

  it('answers 502 when the listener cannot be reached, and lets the socket go for good', async () => {
    const gone = await listen(() => {});
    const deadPort = gone.port;
    started.pop()!.close();
    const server = await tunnelServer();
    const died = new Promise<{ carried: boolean }>((resolve) => link(server.port, deadPort, resolve));
    const remote = await server.socket;
    remote.write(REQUEST);
    const answer = await readUntil(remote, /retry later\n$/);
    expect(answer).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n[\s\S]*Connection: close\r\n/);
    expect(await died).toMatchObject({ carried: true });
  });

  it('is dead for good once the server closes its socket', async () => {
    const listener = await listen(() => {});
    const server = await tunnelServer();
    const died = new Promise<{ carried: boolean }>((resolve) => link(server.port, listener.port, resolve));
    (await server.socket).end();
    expect(await died).toMatchObject({ carried: false });
    expect(listener.connections()).toBe(0);
  });
});
