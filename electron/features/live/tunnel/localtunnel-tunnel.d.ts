/** The package's client class (lib/Tunnel.js, untyped upstream): what tunnel-client.ts uses of it. */
declare module '@n8n/localtunnel/lib/Tunnel.js' {
  import { EventEmitter } from 'node:events';

  export default class Tunnel extends EventEmitter {
    constructor(opts: { port: number; host: string; subdomain?: string });
    opts: { port: number; host: string; subdomain?: string };
    closed: boolean;
    url: string;
    /** Asks the server for a tunnel; `open` calls it and then connects the socket pool. */
    _init(cb: (err: Error | null, info?: unknown) => void): void;
    /** Turns the server's answer into the connection info `open` needs. */
    _getInfo(body: unknown): unknown;
    open(cb: (err?: Error) => void): void;
    close(): void;
  }
}
