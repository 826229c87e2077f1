import type { CliExtension } from './cli-extension';
import { portOption } from '../options';

/** `--otlp-port N` (0: a free port) and `--no-tracing`: the local OTLP receiver (settings.tracing). */
export const tracingCliExtension: CliExtension = {
  options: [
    { name: 'otlp-port', value: 'N', help: "the OTLP receiver's port for the handler's spans (default 4318; 0: a free one)" },
    { name: 'no-tracing', help: 'no OTLP receiver this run (handlers still get a traceparent header)' },
  ],
  apply(args, _env, ctx) {
    const port = portOption(args, 'otlp-port');
    if (port !== undefined) ctx.config.settings.update({ tracing: { port } });
    if (args.flag('no-tracing')) ctx.config.settings.update({ tracing: { enabled: false } });
  },
};
