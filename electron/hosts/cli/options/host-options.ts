import type { CliExtension } from '../extensions';
import { parsePort } from '../args';

/** `--port N`: the port of the browser UI and the local API (settings.localApi.port). */
export const hostCliExtension: CliExtension = {
  usage: '[--port N]',
  options: ['port'],
  flags: [],
  apply(args, _env, ctx) {
    const port = parsePort(args.value('port'), 'port');
    if (port !== undefined) ctx.settings.update({ localApi: { port } });
  },
};
