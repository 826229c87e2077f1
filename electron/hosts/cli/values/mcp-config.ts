import { join } from 'node:path';
import { shellQuote } from '../../../../shared/text/shell-quote';

/** The MCP clients `hooklab mcp --print-config` writes a configuration for. */
export const MCP_CLIENTS = ['claude', 'cursor', 'vscode', 'codex'] as const;
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


/** The key under which each JSON configuration lists its servers (VS Code's is `servers`). */
export const MCP_SERVERS_KEY = { claude: 'mcpServers', cursor: 'mcpServers', vscode: 'servers' } as const;

/** The `hooklab` entry of a JSON configuration's servers. */
export function mcpServerEntry(client: keyof typeof MCP_SERVERS_KEY, launch: McpLaunch): Record<string, unknown> {
  const args = [launch.bin, ...launch.args];
  return client === 'cursor' ? { command: launch.node, args } : { type: 'stdio', command: launch.node, args };
}

/** Codex's `[mcp_servers.hooklab]` table (TOML; a JSON string is a valid TOML basic string). */
export function codexServerTable(launch: McpLaunch): string {
  const args = [launch.bin, ...launch.args].map((a) => JSON.stringify(a)).join(', ');
  return `[mcp_servers.hooklab]\ncommand = ${JSON.stringify(launch.node)}\nargs = [${args}]\n`;
}

/** The exact configuration for one client: a command line for Claude Code, a JSON or TOML file's content otherwise. */
export function mcpConfig(client: McpClient, launch: McpLaunch): string {
  switch (client) {
    case 'claude':
      return `claude mcp add hooklab -- ${[launch.node, launch.bin, ...launch.args].map(shellQuote).join(' ')}\n`;
    case 'cursor':
    case 'vscode':
      return `${JSON.stringify({ [MCP_SERVERS_KEY[client]]: { hooklab: mcpServerEntry(client, launch) } }, null, 2)}\n`;
    case 'codex':
      return codexServerTable(launch);
  }
}

/** Where each client reads the configuration from (said on stderr, beside the configuration). */
export const MCP_CONFIG_PLACE: Record<McpClient, string> = {
  claude: 'run this line in your project (Claude Code)',
  cursor: "put this in your project's .cursor/mcp.json (or merge its mcpServers)",
  vscode: "put this in your project's .vscode/mcp.json (or merge its servers)",
  codex: "put this in ~/.codex/config.toml, or in your project's .codex/config.toml (Codex reads it in trusted projects)",
};

/**
 * How each client passes HOOKLAB_WEBHOOK_KEY without the key written in its configuration:
 * .cursor/mcp.json and .vscode/mcp.json are usually committed, and Claude Code keeps what `-e`
 * gives in a file too. Each names the variable (Claude Code and Cursor expand it from the
 * environment they were started in) or asks for it (VS Code keeps the answer in its secret
 * storage); none holds the value.
 */
export const MCP_KEY_FROM_ENVIRONMENT: Record<McpClient, string> = {
  claude: "add -e 'HOOKLAB_WEBHOOK_KEY=${HOOKLAB_WEBHOOK_KEY}' before --, in single quotes so your shell leaves it: Claude Code fills it in from the environment you start it in",
  cursor: 'add "env": { "HOOKLAB_WEBHOOK_KEY": "${env:HOOKLAB_WEBHOOK_KEY}" } to the hooklab entry: Cursor fills it in from the environment it was started in',
  vscode:
    'add "inputs": [{ "type": "promptString", "id": "hooklab-webhook-key", "description": "Store webhook key", "password": true }] beside "servers", and "env": { "HOOKLAB_WEBHOOK_KEY": "${input:hooklab-webhook-key}" } to the hooklab entry: VS Code asks for it once and keeps it in its secret storage',
  codex: 'add env_vars = ["HOOKLAB_WEBHOOK_KEY"] to the [mcp_servers.hooklab] table: Codex passes that variable on from the environment it was started in',
};

/** What --print-config says on stderr: where the configuration goes, and how to give the key without writing it there. */
export function mcpConfigAdvice(client: McpClient): string {
  return `hooklab mcp: ${MCP_CONFIG_PLACE[client]}. ${mcpKeyAdvice(client)}`;
}

/** Claude Code's project file (.mcp.json, what `agent setup` writes) expands ${VAR} in its values. */
const CLAUDE_MCP_JSON_KEY = 'add "env": { "HOOKLAB_WEBHOOK_KEY": "${HOOKLAB_WEBHOOK_KEY}" } to the hooklab entry of .mcp.json: Claude Code fills it in from the environment you start it in';

/** The configuration holds no key; how to give one without writing it there (`inFile`: in the file `agent setup` wrote, not a command line). */
export function mcpKeyAdvice(client: McpClient, inFile = false): string {
  const how = inFile && client === 'claude' ? CLAUDE_MCP_JSON_KEY : MCP_KEY_FROM_ENVIRONMENT[client];
  return `It holds no key, and should not: it is usually committed. To sign with your store's key instead of the sandbox's, ${how}.\n`;
}
