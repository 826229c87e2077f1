import { join } from 'node:path';
import { shellQuote } from '../../../../shared/text/shell-quote';

/** The MCP clients `hooklab mcp --print-config` writes a configuration for. */
export const MCP_CLIENTS = ['claude', 'cursor', 'vscode'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** What runs the server: this Node and this installed bin, by absolute path. */
export interface McpLaunch {
  readonly node: string;
  readonly bin: string;
  readonly args: readonly string[];
}

/**
 * The installed bin run by the Node running now, both by absolute path: nothing is looked up on
 * the registry (as `npx hooklab` does where no local install exists: the name is unclaimed), and
 * an agent's PATH with an older Node does not matter.
 */
export function mcpLaunch(packageRoot: string, node: string, dataDir: string | null): McpLaunch {
  return { node, bin: join(packageRoot, 'dist/package/cli/hooklab.js'), args: ['mcp', ...(dataDir ? ['--data-dir', dataDir] : [])] };
}


/** The exact configuration for one client: a command line for Claude Code, a JSON file's content otherwise. */
export function mcpConfig(client: McpClient, launch: McpLaunch): string {
  const args = [launch.bin, ...launch.args];
  switch (client) {
    case 'claude':
      return `claude mcp add hooklab -- ${[launch.node, ...args].map(shellQuote).join(' ')}\n`;
    case 'cursor':
      return `${JSON.stringify({ mcpServers: { hooklab: { command: launch.node, args } } }, null, 2)}\n`;
    case 'vscode':
      return `${JSON.stringify({ servers: { hooklab: { type: 'stdio', command: launch.node, args } } }, null, 2)}\n`;
  }
}

/** Where each client reads the configuration from (said on stderr, beside the configuration). */
export const MCP_CONFIG_PLACE: Record<McpClient, string> = {
  claude: 'run this line in your project (Claude Code)',
  cursor: "put this in your project's .cursor/mcp.json (or merge its mcpServers)",
  vscode: "put this in your project's .vscode/mcp.json (or merge its servers)",
};
