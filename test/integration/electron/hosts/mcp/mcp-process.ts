import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import { processExists } from '../../../../support/server-process';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));

/** The `hooklab mcp` command line, run by node itself with tsx as a loader, in a new process group (setsid). */
export function mcpCommand(
  dataDir: string,
  extraArgs: readonly string[] = [],
  env: Record<string, string> = {},
): McpCommand {
  return {
    command: 'setsid',
    args: [process.execPath, '--import', 'tsx', 'electron/hosts/cli/hooklab.ts', 'mcp', '--data-dir', dataDir, ...extraArgs],
    cwd: root,
    // What an MCP client passes: its configuration's env, on top of a few safe variables.
    env,
  };
}

/** How to start an MCP server, as an MCP client's configuration says it. */
export interface McpCommand {
  readonly command: string;
  readonly args: string[];
  readonly cwd: string;
  readonly env?: Record<string, string>;
}

/** A `hooklab mcp` server and the SDK's own client, connected over the server's stdin/stdout. */
export interface McpSession {
  readonly client: Client;
  /** The server's pid, which is also its process group id (setsid). */
  readonly pid: number;
  stderr(): string;
  /** Calls a tool and keeps the whole result (text and structured) for the secret grep. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** Every result seen so far, serialised. */
  readonly outputs: string[];
  /** Closes the client (ends stdin), then kills what is left of the process group and waits until it is gone. */
  close(): Promise<void>;
}

/** Starts `command` (by default this checkout's `hooklab mcp` on dataDir) and connects the SDK's client. */
export async function startMcp(dataDir: string, command: McpCommand = mcpCommand(dataDir)): Promise<McpSession> {
  const transport = new StdioClientTransport({ ...command, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'hooklab-test', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid!;
  const outputs: string[] = [];
  return {
    client,
    pid,
    stderr: () => stderr,
    outputs,
    async call(name, args) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      outputs.push(JSON.stringify(result));
      return result;
    },
    async close() {
      await client.close();
      if (processExists(-pid)) process.kill(-pid, 'SIGKILL');
      while (processExists(-pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

/** The text of a tool result. */
export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}
