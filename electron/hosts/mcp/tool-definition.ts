import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { calls, type CallName } from '../../../shared/contract';

/** One MCP tool: its stable name, what the agent reads about it, its input schema and its work. */
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  /**
   * The contract calls its work makes (its sending policy's own lookups aside): what it tells
   * agents about its effects comes from their facts (readOnly, destructive), not from a list here.
   */
  readonly calls: readonly CallName[];
  run(args: z.output<S>): Promise<CallToolResult>;
}

/** Keeps a tool's own argument types while it is checked, then lists it beside the others. */
export const defineTool = <S extends z.ZodObject>(tool: ToolDefinition<S>): ToolDefinition => tool as unknown as ToolDefinition;

/**
 * What a tool tells agents about its effects, from the calls it makes: read-only when every one
 * is; destructive when any one is (said only of a tool that changes something, as MCP asks).
 */
export function toolAnnotations(tool: Pick<ToolDefinition, 'calls'>): { readOnlyHint: boolean; destructiveHint?: boolean } {
  const readOnly = tool.calls.every((name) => calls[name].readOnly);
  return readOnly ? { readOnlyHint: true } : { readOnlyHint: false, destructiveHint: tool.calls.some((name) => calls[name].destructive) };
}
