import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandSpec, Invocation } from '../framework/command';
import { CliError, EXIT } from '../framework/exit-codes';
import { packageRoot } from '../package-root';
import { mcpKeyAdvice, mcpLaunch, type McpLaunch } from '../values/mcp-config';
import { writeNewFile } from '../values/write-new-file';
import { AGENT_FILES, AGENTS, type Agent } from '../agent/agents';
import { withInstructions } from '../agent/instructions';
import { unifiedDiff } from '../agent/line-diff';
import { mergedMcpFile } from '../agent/mcp-file';
import { ensureFolderOf, readIfThere, refuseLinks } from '../agent/safe-place';

export const agentSetupCommand: CommandSpec = {
  name: 'agent setup',
  args: `[${AGENTS.join('|')}]`,
  summary: `Sets a coding agent up for this project (the current folder): adds the hooklab server to its MCP configuration (what \`hooklab mcp --print-config\` prints; other servers and settings kept) and a short block of instructions (wait, explain, check, replay; never paste keys) to the file it reads, between marked lines, so running it again replaces only that block. Files: ${AGENTS.map((a) => `${a} ${AGENT_FILES[a].mcpFile} + ${AGENT_FILES[a].instructionsFile}`).join('; ')}. Without a name: the agents whose files the project has. Shows the diff and asks before writing; --yes writes without asking.`,
  positional: { min: 0, max: 1 },
  options: [{ name: 'yes', help: 'write without asking (needed when not at a terminal)' }],
  common: ['data-dir'],
  examples: ['hooklab agent setup claude', 'hooklab agent setup cursor --yes'],
  run,
};

/** One file setup writes: its path in the project, what is there now and what it will hold. */
interface Change {
  readonly relPath: string;
  readonly before: string | null;
  readonly after: string;
}

/** The agents to set up: the one named, else those whose files the project already has. */
function chosenAgents(inv: Invocation, project: string): Agent[] {
  const named = inv.positional[0];
  if (named !== undefined) {
    if (!(AGENTS as readonly string[]).includes(named)) throw new CliError(`agent "${named}": one of ${AGENTS.join(', ')}`, { usage: true });
    return [named as Agent];
  }
  const found = AGENTS.filter((a) => AGENT_FILES[a].signs.some((s) => existsSync(join(project, s))));
  if (found.length === 0) throw new CliError(`no agent's files in ${project}: name the agent, one of ${AGENTS.join(', ')} (hooklab agent setup claude)`, { usage: true });
  return found;
}

function changesFor(agent: Agent, project: string, launch: McpLaunch): Change[] {
  const files = AGENT_FILES[agent];
  return [
    { relPath: files.mcpFile, make: (text: string | null) => mergedMcpFile(agent, text, launch, files.mcpFile) },
    { relPath: files.instructionsFile, make: (text: string | null) => withInstructions(agent, text, files.instructionsFile) },
  ].map(({ relPath, make }) => {
    refuseLinks(project, relPath);
    const before = readIfThere(join(project, relPath));
    return { relPath, before, after: make(before) };
  });
}

async function run(inv: Invocation): Promise<number> {
  const { io } = inv;
  const project = io.cwd ?? process.cwd();
  const agents = chosenAgents(inv, project);
  const dataDir = inv.value('data-dir') ?? io.env['HOOKLAB_DATA_DIR'] ?? null;
  const launch = mcpLaunch(packageRoot(), process.execPath, dataDir);
  // Every file is read and merged before any is written: one refusal writes nothing.
  const changes = agents.flatMap((a) => changesFor(a, project, launch)).filter((c) => c.before !== c.after);
  if (changes.length === 0) {
    io.err(`hooklab agent setup: ${agents.map((a) => AGENT_FILES[a].name).join(', ')} already set up in ${project}: nothing to change\n`);
    return EXIT.done;
  }
  for (const c of changes) io.out(unifiedDiff(c.relPath, c.before, c.after));
  if (!inv.flag('yes')) {
    if (!io.ask) throw new CliError('not at a terminal, so nothing was written: read the diff above, then run again with --yes to write it');
    const answer = await io.ask(`Write ${changes.length === 1 ? 'this change' : `these ${changes.length} changes`} in ${project}? [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) {
      io.err('hooklab agent setup: nothing written\n');
      return EXIT.done;
    }
  }
  for (const c of changes) {
    ensureFolderOf(project, c.relPath);
    // Beside, then renamed over: a link put there since the check is replaced, never followed.
    writeNewFile(join(project, c.relPath), c.after, true);
    io.err(`hooklab agent setup: wrote ${c.relPath}\n`);
  }
  for (const a of agents) io.err(`hooklab agent setup: ${AGENT_FILES[a].name} starts the hooklab server from ${AGENT_FILES[a].mcpFile}${a === 'codex' ? ' (only in a project you marked trusted)' : ''}. ${mcpKeyAdvice(a, true)}`);
  return EXIT.done;
}
