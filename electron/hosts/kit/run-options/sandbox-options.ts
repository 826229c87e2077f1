import type { CliExtension } from './cli-extension';
import { InputError } from '../input-error';
import { portOption } from '../options';

/**
 * `--sandbox-port N` moves the embedded sandbox; `--no-sandbox` runs without it (a machine that
 * works with the real service only, or whose sandbox runs elsewhere).
 */
export const sandboxCliExtension: CliExtension = {
  options: [
    { name: 'sandbox-port', value: 'N', help: "the embedded sandbox's port (default 4781; 0: a free one)" },
    { name: 'no-sandbox', help: 'run without the embedded sandbox' },
  ],
  apply(args, _env, ctx) {
    const port = portOption(args, 'sandbox-port');
    const off = args.flag('no-sandbox');
    if (port !== undefined && off) throw new InputError('--sandbox-port and --no-sandbox exclude each other', { usage: true });
    if (port !== undefined) ctx.config.settings.update({ sandbox: { port, enabled: true } });
    if (off) ctx.config.settings.update({ sandbox: { enabled: false } });
  },
};
