import type { CliExtension } from './cli-extension';
import { portOption } from '../options';

/** `--ui-port N` (formerly `--port`): the port of the browser UI and the local API (settings.localApi.port). */
export const hostCliExtension: CliExtension = {
  options: [{ name: 'ui-port', formerly: 'port', value: 'N', help: "the browser UI's and local API's port (default 4782; 0: a free one)" }],
  apply(args, _env, ctx) {
    const port = portOption(args, 'ui-port');
    if (port !== undefined) ctx.config.settings.update({ localApi: { port } });
  },
};
