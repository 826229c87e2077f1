import type { CliExtension } from './cli-extension';
import { parsePort } from '../args';

/** `--otlp-port N` (0: a free port) and `--no-tracing`: the local OTLP receiver (settings.tracing). */
export const tracingCliExtension: CliExtension = {
  usage: '[--otlp-port N] [--no-tracing]',
  options: ['otlp-port'],
  flags: ['no-tracing'],
  apply(args, _env, ctx) {
    const port = parsePort(args.value('otlp-port'), 'otlp-port');
    if (port !== undefined) ctx.settings.update({ tracing: { port } });
    if (args.flag('no-tracing')) ctx.settings.update({ tracing: { enabled: false } });
  },
};
