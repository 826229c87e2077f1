import type { CliIo } from './cli-io';
import { commandHelp, commandLine, optionUsage, runCommand, type CommandSpec } from './framework/command';
import { EXIT, EXIT_CODES_HELP } from './framework/exit-codes';

/**
 * The `hooklab` commands. Each is loaded only when it runs, so `hooklab trigger` starts without
 * the listener, the sandbox or the database code (`hooklab --help` loads them all to list them).
 */
const COMMANDS: Record<string, () => Promise<CommandSpec>> = {
  listen: async () => (await import('./commands/listen')).listenCommand,
  trigger: async () => (await import('./commands/trigger')).triggerCommand,
  events: async () => (await import('./commands/events')).eventsCommand,
  export: async () => (await import('./commands/export')).exportCommand,
  replay: async () => (await import('./commands/replay')).replayCommand,
  resend: async () => (await import('./commands/resend')).resendCommand,
  why: async () => (await import('./commands/why')).whyCommand,
  import: async () => (await import('./commands/import')).importCommand,
  'scenario record': async () => (await import('./commands/scenario-record')).scenarioRecordCommand,
  'scenario run': async () => (await import('./commands/scenario-run')).scenarioRunCommand,
  'scenario fuzz': async () => (await import('./commands/scenario-fuzz')).scenarioFuzzCommand,
  'scenario test': async () => (await import('./commands/scenario-test')).scenarioTestCommand,
  'check-handler': async () => (await import('./commands/check-handler')).checkHandlerCommand,
  sign: async () => (await import('./commands/sign')).signCommand,
  serve: async () => (await import('./commands/serve')).serveCommand,
  sandbox: async () => (await import('./commands/sandbox')).sandboxCommand,
  mcp: async () => (await import('./commands/mcp')).mcpCommand,
  'agent setup': async () => (await import('./commands/agent-setup')).agentSetupCommand,
};

async function topLevelHelp(): Promise<string> {
  const specs = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  const lines = ['usage: hooklab <command> [options]   (hooklab <command> --help for one command)', '', 'commands:'];
  for (const spec of specs) {
    lines.push(`  ${commandLine(spec)}`);
    if (spec.options.length > 0) lines.push(`      ${spec.options.map(optionUsage).join(' ')}`);
  }
  lines.push(
    '',
    "every command (unless its --help says otherwise): --data-dir DIR (default: the desktop app's data folder), --config FILE (default ./hooklab.config.json), --json, --help",
    '',
    EXIT_CODES_HELP,
  );
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
  const pair = second !== undefined ? COMMANDS[`${first} ${second}`] : undefined;
  if (pair) return runCommand(await pair(), rest, io);
  const single = COMMANDS[first];
  if (single) return runCommand(await single(), argv.slice(1), io);
  if (first === 'scenario') {
    io.err(`hooklab scenario: say record, run or fuzz\n${commandHelp(await COMMANDS['scenario record']!())}`);
    return EXIT.couldNotRun;
  }
  io.err(`hooklab: unknown command "${first}"\n${await topLevelHelp()}`);
  return EXIT.couldNotRun;
}
