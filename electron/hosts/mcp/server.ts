import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ContractClient } from '../kit/contract-client';
import { deliveryTools } from './delivery-tools';
import { historyTools } from './history-tools';
import { orderTools } from './order-tools';
import { explainTools } from './explain-tools';
import { sendTools } from './send-tools';
import type { McpSendPolicy } from './send-policy';
import { reachTools } from './reach-tools';
import { traceTools } from './trace-tools';
import { exportTools } from './export-tools';
import { waitTool } from './wait-tool';
import { scenarioTool } from './scenario-tool';
import { reconcileTool } from './reconcile-tool';
import { docsTool, registerDocResources } from './docs-tools';
import { DocsLibrary } from './docs-library';
import { toolError, UNTRUSTED_DESCRIPTION } from './tool-result';
import { toolAnnotations, type ToolDefinition } from './tool-definition';

/** Every tool, in the order agents see them. Names are stable: agents' prompts refer to them. */
export function hooklabTools(client: ContractClient, policy: McpSendPolicy, now: () => number = Date.now, docs: DocsLibrary = new DocsLibrary([])): ToolDefinition[] {
  return [
    ...deliveryTools(client, now),
    waitTool(client, now),
    ...orderTools(client),
    ...explainTools(client),
    ...sendTools(client, policy),
    scenarioTool(client, policy, now),
    ...traceTools(client),
    ...historyTools(client),
    reconcileTool(client, now),
    ...reachTools(client, now),
    ...exportTools(client, now),
    docsTool(docs),
  ];
}

/**
 * The MCP server over a ContractClient. A tool's failure (a refused target, an unknown id, a
 * `set` path the body lacks) comes back as an error result in words, for the agent to correct.
 */
export function createMcpServer(client: ContractClient, policy: McpSendPolicy, version: string, docs: DocsLibrary): McpServer {
  const server = new McpServer({ name: 'hooklab', version });
  registerDocResources(server, docs);
  for (const tool of hooklabTools(client, policy, Date.now, docs)) {
    // Every result quotes text from outside Hooklab: every description says so, in one place.
    const description = `${tool.description} ${UNTRUSTED_DESCRIPTION}`;
    server.registerTool(tool.name, { description, inputSchema: tool.input, annotations: toolAnnotations(tool) }, async (args: unknown) => {
      try {
        return await tool.run(args as never);
      } catch (error) {
        return toolError(`${tool.name}: ${(error as Error).message}`);
      }
    });
  }
  return server;
}
