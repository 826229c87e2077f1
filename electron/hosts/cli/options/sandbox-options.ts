import type { CliExtension } from '../extensions';
import { parsePort } from '../args';

/**
 * `--sandbox-port N` moves the embedded sandbox; `--no-sandbox` runs without it (a machine that
 * works with the real service only, or whose sandbox runs elsewhere).
 */
export const sandboxCliExtension: CliExtension = {
  usage: '[--sandbox-port N | --no-sandbox]',
  options: ['sandbox-port'],
  flags: ['no-sandbox'],
  apply(args, _env, ctx) {
    const port = parsePort(args.value('sandbox-port'), 'sandbox-port');
    const off = args.flag('no-sandbox');
    if (port !== undefined && off) throw new Error('--sandbox-port and --no-sandbox exclude each other');
    if (port !== undefined) ctx.settings.update({ sandbox: { port, enabled: true } });
    if (off) ctx.settings.update({ sandbox: { enabled: false } });
  },
};
