/** The coding agents `hooklab agent setup` configures. */
export const AGENTS = ['claude', 'cursor', 'vscode', 'codex'] as const;
export type Agent = (typeof AGENTS)[number];

/** Where one agent reads its MCP servers and its project instructions (paths relative to the project). */
export interface AgentFiles {
  readonly name: string;
  /** Its project MCP configuration: JSON with `mcpServers` / `servers`, or Codex's TOML. */
  readonly mcpFile: string;
  /** The file of instructions it reads in every session in this project. */
  readonly instructionsFile: string;
  /** Files or folders that show the project uses it (setup without a name configures those found). */
  readonly signs: readonly string[];
}

/**
 * Each agent's own files, as its documentation names them: Claude Code `.mcp.json` and
 * `CLAUDE.md`; Cursor `.cursor/mcp.json` and a project rule in `.cursor/rules/`; VS Code
 * `.vscode/mcp.json` (`servers`) and Copilot's `.github/copilot-instructions.md`; Codex
 * `.codex/config.toml` (read in trusted projects) and `AGENTS.md`.
 */
export const AGENT_FILES: Record<Agent, AgentFiles> = {
  claude: { name: 'Claude Code', mcpFile: '.mcp.json', instructionsFile: 'CLAUDE.md', signs: ['CLAUDE.md', '.mcp.json', '.claude'] },
  cursor: { name: 'Cursor', mcpFile: '.cursor/mcp.json', instructionsFile: '.cursor/rules/hooklab.mdc', signs: ['.cursor'] },
  vscode: { name: 'VS Code (GitHub Copilot)', mcpFile: '.vscode/mcp.json', instructionsFile: '.github/copilot-instructions.md', signs: ['.vscode/mcp.json', '.github/copilot-instructions.md'] },
  codex: { name: 'Codex', mcpFile: '.codex/config.toml', instructionsFile: 'AGENTS.md', signs: ['AGENTS.md', '.codex'] },
};
