import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs } from '../args';
import type { CliIo } from '../cli-io';
import { join } from 'node:path';
import { chooseDataDir } from '../data-dir';
import { packageRoot } from '../package-root';
import { appVersion } from '../version';
import { openFolderForMcp } from '../../mcp/data-folder-client';
import { createMcpServer } from '../../mcp/server';

export const MCP_USAGE = `hooklab mcp [--data-dir DIR]   (default: HOOKLAB_DATA_DIR, else the folder saved with --save, else the desktop app's)
  A Model Context Protocol server on stdin/stdout for coding agents (Claude Code, Cursor…):
  received deliveries, signature diagnosis, order sequences, replay, trigger, the handler check
  and the service's history. Uses the running Hooklab of the data folder when there is one.
  Ends when stdin closes. Exit status: 0 ended, 2 could not start.
`;

/** `hooklab mcp`: serves MCP over stdio until stdin closes (or SIGINT/SIGTERM); returns the exit status. */
export async function mcpCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help')) {
    io.out(MCP_USAGE);
    return 0;
  }
  let dataDir: string;
  try {
    dataDir = chooseDataDir(parseArgs(argv, { options: ['data-dir'], flags: [] }).value('data-dir'), io.env);
  } catch (error) {
    io.err(`hooklab mcp: ${(error as Error).message}\n${MCP_USAGE}`);
    return 2;
  }
  let folder;
  try {
    folder = await openFolderForMcp(dataDir, appVersion(), { rendererDir: join(packageRoot(), 'out/renderer') });
  } catch (error) {
    io.err(`hooklab mcp: ${(error as Error).message}\n`);
    return 2;
  }
  const server = createMcpServer(folder.client, appVersion());
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.connect(transport);
  io.err(`hooklab mcp: serving ${folder.description}\n`);
  await ended;
  await server.close();
  await folder.close();
  return 0;
}
