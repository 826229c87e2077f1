import { CliError } from '../framework/exit-codes';
import { codexServerTable, MCP_SERVERS_KEY, mcpServerEntry, type McpLaunch } from '../values/mcp-config';
import type { Agent } from './agents';
import { findBlock, TOML_MARKERS, withMarkedBlock } from './marked-block';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A JSON MCP configuration with the `hooklab` server set and everything else kept: other
 * servers, other top-level keys (VS Code's `inputs`), and the `env` the user gave hooklab (how
 * it gets HOOKLAB_WEBHOOK_KEY). A file that is not a JSON object (comments included) is refused,
 * never rewritten.
 */
export function mergeJsonServers(text: string | null, agent: keyof typeof MCP_SERVERS_KEY, launch: McpLaunch, path: string): string {
  let config: unknown = {};
  if (text !== null && text.trim() !== '') {
    try {
      config = JSON.parse(text);
    } catch (error) {
      throw new CliError(`${path} is not valid JSON (${(error as Error).message}; comments are not JSON either): fix it or move it away, nothing was written`);
    }
  }
  const key = MCP_SERVERS_KEY[agent];
  if (!isObject(config)) throw new CliError(`${path} is not a JSON object: fix it or move it away, nothing was written`);
  const servers = config[key] ?? {};
  if (!isObject(servers)) throw new CliError(`${path}: "${key}" is not an object: fix it, nothing was written`);
  const previous = servers['hooklab'];
  const env = isObject(previous) && isObject(previous['env']) ? { env: previous['env'] } : {};
  const merged = { ...config, [key]: { ...servers, hooklab: { ...mcpServerEntry(agent, launch), ...env } } };
  return `${JSON.stringify(merged, null, 2)}\n`;
}

const TABLE_HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;
const HOOKLAB_TABLE = /^mcp_servers\s*\.\s*("hooklab"|'hooklab'|hooklab)$/;

/**
 * Codex's TOML with the `[mcp_servers.hooklab]` table between Hooklab's marker lines. A table
 * of that name written by hand is taken out first (its other one-line keys, such as env_vars,
 * kept in the new one), so the file never defines it twice; its sub-tables
 * (`[mcp_servers.hooklab.env]`) and every other table stay as they are. A hooklab server
 * defined in a form this does not edit (dotted keys, an inline table) is refused.
 */
export function mergeCodexToml(text: string | null, launch: McpLaunch, path: string): string {
  const lines = text === null ? [] : text.split('\n');
  const block = findBlock(lines, TOML_MARKERS, path);
  const isKeyToKeep = (l: string) => /^\s*[A-Za-z0-9_-]+\s*=/.test(l) && !/^\s*(command|args)\s*=/.test(l);
  const kept: string[] = block ? lines.slice(block.begin + 2, block.end).filter(isKeyToKeep).map((l) => l.trim()) : [];
  const rest: string[] = [];
  let inHooklab = false;
  let table = '';
  lines.forEach((line, i) => {
    // The marked block stays where it is, to be replaced in place.
    if (block && i >= block.begin && i <= block.end) return void rest.push(line);
    const header = TABLE_HEADER.exec(line);
    if (header) {
      table = header[1]!.replace(/\s+/g, '');
      inHooklab = HOOKLAB_TABLE.test(table);
      if (inHooklab) return;
    } else if (/^\s*(mcp_servers\s*\.\s*)?["']?hooklab["']?\s*[.=]/.test(line) && (table === '' || table === 'mcp_servers')) {
      throw new CliError(`${path} defines the hooklab server in a form this command does not edit (a dotted key or an inline table): remove it and run again, nothing was written`);
    }
    if (!inHooklab) return void rest.push(line);
    if (isKeyToKeep(line)) kept.push(line.trim());
  });
  const serverTable = codexServerTable(launch) + [...new Set(kept)].map((l) => `${l}\n`).join('');
  const base = rest.join('\n');
  return withMarkedBlock(base.trim() === '' ? null : base, serverTable, TOML_MARKERS, path);
}

/** The agent's MCP configuration file after setup. */
export function mergedMcpFile(agent: Agent, text: string | null, launch: McpLaunch, path: string): string {
  return agent === 'codex' ? mergeCodexToml(text, launch, path) : mergeJsonServers(text, agent, launch, path);
}
