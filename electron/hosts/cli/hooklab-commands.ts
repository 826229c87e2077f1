import { checkHandlerCli, CHECK_HANDLER_USAGE } from './check-handler';
import { signCli, SIGN_USAGE } from './sign';
import type { CliIo } from './cli-io';
import { mcpCli, MCP_USAGE } from '../mcp/mcp-command';

const USAGE = `usage: hooklab <command> …\n\n  hooklab check-handler URL [--only id,id] [--timeout-ms N] [--json]\n  hooklab sign FILE\n  hooklab mcp [--data-dir DIR]\n\n${CHECK_HANDLER_USAGE}\n${SIGN_USAGE}\n${MCP_USAGE}`;

/** The `hooklab` bin's commands; returns the exit status. */
export async function hooklab(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'check-handler':
      return checkHandlerCli(rest, io);
    case 'sign':
      return signCli(rest, io);
    case 'mcp':
      return mcpCli(rest, io);
    case '--help':
    case '-h':
    case 'help':
      io.out(USAGE);
      return 0;
    default:
      io.err(command ? `hooklab: unknown command "${command}"\n${USAGE}` : USAGE);
      return 2;
  }
}
