import type { CliIo } from './cli-io';
import { commandHelp, runCommand, type CommandSpec } from './framework/command';
import { EXIT, EXIT_CODES_HELP } from './framework/exit-codes';

/**
 * The `hooklab` commands. Each is loaded only when it runs, so `hooklab trigger` starts without
 * the listener, the sandbox or the database code (`hooklab --help` loads them all to list them).
 */
const COMMANDS: Record<string, () => Promise<CommandSpec>> = {
  listen: async () => (await import('./commands/listen')).listenCommand,
  trigger: async () => (await import('./commands/trigger')).triggerCommand,
  events: async () => (await import('./commands/events')).eventsCommand,
  replay: async () => (await import('./commands/replay')).replayCommand,
  resend: async () => (await import('./commands/resend')).resendCommand,
  'scenario record': async () => (await import('./commands/scenario-record')).scenarioRecordCommand,
  'scenario run': async () => (await import('./commands/scenario-run')).scenarioRunCommand,
};

/** Commands that keep their own parsers (they predate the framework and their output is a contract). */
const OWN_PARSERS: Record<string, { usage: string; run: (argv: readonly string[], io: CliIo) => Promise<number> }> = {
  'check-handler': {
    usage: 'hooklab check-handler URL [--only id,id] [--timeout-ms N] [--json] [--allow-non-loopback] [--data-dir DIR]   run the handler checks (key in HOOKLAB_WEBHOOK_KEY, else the data folder\'s current key)',
    run: async (argv, io) => (await import('./check-handler')).checkHandlerCli(argv, io),
  },
  sign: {
    usage: 'hooklab sign FILE [--data-dir DIR]   print the signature of a file (key in HOOKLAB_WEBHOOK_KEY, else the data folder\'s current key; - reads stdin)',
    run: async (argv, io) => (await import('./sign')).signCli(argv, io),
  },
  serve: {
    usage: 'hooklab serve [--port N] [--data-dir DIR] [--listener-port N] [--forward-to URL]... [--tunnel]   the app in a browser',
    run: async (argv) => {
      (await import('./serve')).serveCli(argv);
      return new Promise<number>(() => {}); // runs until interrupted
    },
  },
  mcp: {
    usage: 'hooklab mcp [--data-dir DIR] [--allow-target URL]... [--print-config claude|cursor|vscode]   an MCP server on stdio for coding agents (through the running Hooklab, else the data folder)',
    run: async (argv, io) => (await import('./commands/mcp')).mcpCli(argv, io),
  },
  sandbox: {
    usage: 'hooklab sandbox [--port N] [--data-dir DIR] [--json]   run the service emulator',
    run: async (argv) => {
      (await import('./sandbox')).sandboxCli(argv);
      return new Promise<number>(() => {});
    },
  },
};

async function topLevelHelp(): Promise<string> {
  const specs = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  const lines = ['usage: hooklab <command> [options]   (hooklab <command> --help for one command)', '', 'commands:'];
  for (const spec of specs) {
    lines.push(`  hooklab ${spec.name} ${spec.args}`.trimEnd());
    lines.push(`      ${spec.options.map((o) => (o.value ? `--${o.name} ${o.value}${o.repeatable ? '...' : ''}` : `--${o.name}`)).join(' ')}`);
  }
  for (const own of Object.values(OWN_PARSERS)) lines.push(`  ${own.usage}`);
  lines.push('', 'every command: --data-dir DIR (default: the desktop app\'s data folder), --config FILE (default ./hooklab.config.json), --json, --help', '', EXIT_CODES_HELP);
  return lines.join('\n') + '\n';
}

/** The `hooklab` bin's commands; returns the exit status. */
export async function hooklab(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, second, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    if (first === 'help' && second !== undefined) return hooklab([second, ...rest, '--help'], io);
    (first === undefined ? io.err : io.out)(await topLevelHelp());
    return first === undefined ? EXIT.couldNotRun : EXIT.done;
  }
  const own = OWN_PARSERS[first];
  if (own) return own.run(argv.slice(1), io);
  const pair = second !== undefined ? COMMANDS[`${first} ${second}`] : undefined;
  if (pair) return runCommand(await pair(), rest, io);
  const single = COMMANDS[first];
  if (single) return runCommand(await single(), argv.slice(1), io);
  if (first === 'scenario') {
    io.err(`hooklab scenario: say record or run\n${commandHelp(await COMMANDS['scenario record']!())}`);
    return EXIT.couldNotRun;
  }
  io.err(`hooklab: unknown command "${first}"\n${await topLevelHelp()}`);
  return EXIT.couldNotRun;
}
