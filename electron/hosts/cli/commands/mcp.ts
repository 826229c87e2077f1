import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs } from '../args';
import type { CliIo } from '../cli-io';
import { join } from 'node:path';
import { chooseDataDir } from '../data-dir';
import { packageRoot } from '../package-root';
import { appVersion } from '../version';
import { envWebhookKey } from '../values/env-webhook-key';
import { MCP_CLIENTS, MCP_CONFIG_PLACE, mcpConfig, mcpLaunch, type McpClient } from '../values/mcp-config';
import { openFolderForMcp } from '../../mcp/data-folder-client';
import { createSendPolicy, type McpSendOptions } from '../../mcp/send-policy';
import { createMcpServer } from '../../mcp/server';

export const MCP_USAGE = `hooklab mcp [--data-dir DIR] [--allow-target URL]...   (default: HOOKLAB_DATA_DIR, else the folder saved with --save, else the desktop app's)
hooklab mcp --print-config claude|cursor|vscode [--data-dir DIR]
  A Model Context Protocol server on stdin/stdout for coding agents (Claude Code, Cursor…):
  received deliveries, signature diagnosis, order sequences, replay, trigger, the handler check
  and the service's history. Uses the running Hooklab of the data folder when there is one.
  The tools sign with HOOKLAB_WEBHOOK_KEY set in the agent's MCP configuration, else with the
  sandbox store's key (never another key of the data folder), and send only to the listener's
  forward targets, Replay's targets, Hooklab's own listener and --allow-target URLs.
  --print-config prints the configuration that runs this installed hooklab (by path, never
  fetched from the registry) for that client.
  Ends when stdin closes. Exit status: 0 ended, 2 could not start.
`;

/** `hooklab mcp`: serves MCP over stdio until stdin closes (or SIGINT/SIGTERM); returns the exit status. */
export async function mcpCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help')) {
    io.out(MCP_USAGE);
    return 0;
  }
  let dataDir: string;
  let send: McpSendOptions;
  let printConfig: string | undefined;
  let givenDataDir: string | undefined;
  try {
    const args = parseArgs(argv, { options: ['data-dir', 'allow-target', 'print-config'], flags: [] });
    givenDataDir = args.value('data-dir') ?? io.env['HOOKLAB_DATA_DIR'];
    dataDir = chooseDataDir(args.value('data-dir'), io.env);
    printConfig = args.value('print-config');
    if (printConfig !== undefined && !(MCP_CLIENTS as readonly string[]).includes(printConfig)) {
      throw new Error(`--print-config ${printConfig}: one of ${MCP_CLIENTS.join(', ')}`);
    }
    send = { webhookKey: envWebhookKey(io.env)?.value ?? null, allowTargets: args.values('allow-target') };
  } catch (error) {
    io.err(`hooklab mcp: ${(error as Error).message}\n${MCP_USAGE}`);
    return 2;
  }
  if (printConfig !== undefined) {
    const client = printConfig as McpClient;
    io.out(mcpConfig(client, mcpLaunch(packageRoot(), process.execPath, givenDataDir ?? null)));
    io.err(`hooklab mcp: ${MCP_CONFIG_PLACE[client]}. To sign with your store's key instead of the sandbox's, add HOOKLAB_WEBHOOK_KEY to the server's env there.\n`);
    return 0;
  }
  let folder;
  try {
    folder = await openFolderForMcp(dataDir, appVersion(), { rendererDir: join(packageRoot(), 'out/renderer') });
  } catch (error) {
    io.err(`hooklab mcp: ${(error as Error).message}\n`);
    return 2;
  }
  const policy = createSendPolicy(folder.client, send);
  const server = createMcpServer(folder.client, policy, appVersion());
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
