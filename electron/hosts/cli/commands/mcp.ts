import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { join } from 'node:path';
import type { CommandSpec, Invocation } from '../framework/command';
import { dataDirOf } from '../framework/context';
import { CliError } from '../framework/exit-codes';
import { packageRoot } from '../package-root';
import { appVersion } from '../version';
import { envWebhookKey } from '../../kit/env-webhook-key';
import { MCP_CLIENTS, mcpConfig, mcpConfigAdvice, mcpLaunch, type McpClient } from '../values/mcp-config';
import { openFolderForMcp } from '../../mcp/data-folder-client';
import { PROJECT_CONFIG_ENV } from '../../../services/project-config/project-config';
import { createSendPolicy, type McpSendOptions } from '../../mcp/send-policy';
import { createMcpServer } from '../../mcp/server';
import { DocsLibrary } from '../../mcp/docs-library';

/**
 * `hooklab mcp`: a Model Context Protocol server on stdin/stdout for coding agents, until stdin
 * closes (or SIGINT/SIGTERM). Exit status: 0 ended, 2 could not start.
 */
export const mcpCommand: CommandSpec = {
  name: 'mcp',
  summary: `A Model Context Protocol server on stdin/stdout for coding agents (Claude Code, Cursor…): received deliveries, signature diagnosis, order sequences, replay, trigger, the handler check and the service's history. Uses the running Hooklab of the data folder when there is one (default folder: HOOKLAB_DATA_DIR, else the folder saved with --save, else the desktop app's).
The tools sign with HOOKLAB_WEBHOOK_KEY set in the agent's MCP configuration, else with the sandbox store's key (never another key of the data folder), and send only to the listener's forward targets, Replay's targets, Hooklab's own listener and --allow-target URLs. Ends when stdin closes.`,
  options: [
    { name: 'allow-target', value: 'URL', repeatable: true, help: 'the tools may also send there' },
    {
      name: 'print-config',
      value: MCP_CLIENTS.join('|'),
      help: 'print the configuration that runs this installed hooklab (by path, never fetched from the registry) for that client, and exit',
    },
  ],
  common: ['data-dir'],
  examples: ['hooklab mcp --print-config claude', 'hooklab mcp --allow-target http://localhost:3000/webhooks'],
  // As before it joined the framework: a later option overrides an earlier one.
  rules: { laterWins: true },
  run,
};

async function run(inv: Invocation): Promise<number> {
  const { io } = inv;
  const givenDataDir = inv.value('data-dir') ?? io.env['HOOKLAB_DATA_DIR'];
  const dataDir = dataDirOf(inv);
  const printConfig = inv.value('print-config');
  if (printConfig !== undefined && !(MCP_CLIENTS as readonly string[]).includes(printConfig)) {
    throw new CliError(`--print-config ${printConfig}: one of ${MCP_CLIENTS.join(', ')}`, { usage: true });
  }
  const send: McpSendOptions = { webhookKey: envWebhookKey(io.env)?.value ?? null, allowTargets: inv.values('allow-target') };
  if (printConfig !== undefined) {
    const client = printConfig as McpClient;
    io.out(mcpConfig(client, mcpLaunch(packageRoot(), process.execPath, givenDataDir ?? null)));
    // Never the key itself, even when HOOKLAB_WEBHOOK_KEY is set here: the configuration gets committed.
    io.err(mcpConfigAdvice(client));
    return 0;
  }
  let folder;
  try {
    folder = await openFolderForMcp(dataDir, appVersion(), { rendererDir: join(packageRoot(), 'out/renderer'), projectConfigPath: io.env[PROJECT_CONFIG_ENV] });
  } catch (error) {
    throw error instanceof Error ? new CliError(error.message) : error;
  }
  const policy = createSendPolicy(folder.client, send, () => folder.session());
  const server = createMcpServer(folder.client, policy, appVersion(), DocsLibrary.load(packageRoot()));
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.connect(transport);
  const key = send.webhookKey !== null ? 'HOOKLAB_WEBHOOK_KEY' : "the sandbox store's key";
  io.err(`hooklab mcp: serving ${folder.description}; tools sign with ${key}\n`);
  await ended;
  await server.close();
  await policy.close();
  await folder.close();
  return 0;
}
