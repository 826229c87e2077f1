import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

/** One MCP tool: its stable name, what the agent reads about it, its input schema and its work. */
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  run(args: z.output<S>): Promise<CallToolResult>;
}

/** Keeps a tool's own argument types while it is checked, then lists it beside the others. */
export const defineTool = <S extends z.ZodObject>(tool: ToolDefinition<S>): ToolDefinition => tool as unknown as ToolDefinition;
