import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { dirname, resolve } from 'node:path';

/*
 * Runs the official localtunnel server (../shared/tools/localtunnel-server/lt-server.cjs, given
 * as the first argument) the way its own `bin/server --domain <name>` does. The bundle's
 * launcher reads only LT_PORT; this passes LT_DOMAIN as the server's `domain` option, which the
 * server needs to route `<id>.localhost` (a name with no public suffix) to its client. Nothing of
 * the server itself is changed.
 */

/** Node's CommonJS loader, as far as loading a patched source needs it. */
interface CommonJsModule {
  filename: string;
  paths: string[];
  _compile(source: string, filename: string): void;
}
type ModuleClass = (new (id: string) => CommonJsModule) & { _nodeModulePaths(from: string): string[] };

const file = resolve(process.argv[2] ?? '');
const launcher = 'server_default({ max_tcp_sockets: 10 })';
const source = readFileSync(file, 'utf8');
if (!source.includes(launcher)) throw new Error(`${file}: its launcher line changed; update test/support/lt-server-with-domain.ts`);
const patched = source.replace(launcher, 'server_default({ max_tcp_sockets: 10, domain: process.env.LT_DOMAIN || undefined })');
const Loader = Module as unknown as ModuleClass;
const server = new Loader(file);
server.filename = file;
server.paths = Loader._nodeModulePaths(dirname(file));
server._compile(patched, file);
