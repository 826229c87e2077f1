/*
 * Runs the official localtunnel server (../shared/tools/localtunnel-server/lt-server.cjs, given
 * as the first argument) the way its own `bin/server --domain <name>` does. The bundle's
 * launcher reads only LT_PORT; this passes LT_DOMAIN as the server's `domain` option, which the
 * server needs to route `<id>.localhost` (a name with no public suffix) to its client. Nothing of
 * the server itself is changed.
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const file = path.resolve(process.argv[2]);
const launcher = 'server_default({ max_tcp_sockets: 10 })';
const source = fs.readFileSync(file, 'utf8');
if (!source.includes(launcher)) throw new Error(`${file}: its launcher line changed; update ${__filename}`);
const patched = source.replace(launcher, 'server_default({ max_tcp_sockets: 10, domain: process.env.LT_DOMAIN || undefined })');
const server = new Module(file, module);
server.filename = file;
server.paths = Module._nodeModulePaths(path.dirname(file));
server._compile(patched, file);
