import { Server } from 'node:http';
import { afterEach } from 'vitest';

/** What a test starts and must stop: an app, a handler, a receiver (its close may be async), or a node:http server. */
export type Closable = { close(): unknown } | Server;

/**
 * Returns `closeAfter`: each thing a test hands it (and gets back) is closed after that test,
 * the last started first (an app closes before the handlers it sends to), each awaited.
 */
export function closedAfterEach(): <T extends Closable>(thing: T) => T {
  const started: Closable[] = [];
  afterEach(async () => {
    for (const thing of started.splice(0).reverse()) {
      if (thing instanceof Server) await new Promise((resolve) => thing.close(resolve));
      else await thing.close();
    }
  });
  return (thing) => {
    started.push(thing);
    return thing;
  };
}
