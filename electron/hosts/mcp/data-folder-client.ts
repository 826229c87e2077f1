import { createConsoleLogger } from '../../services/kernel/logger';
import type { CoreContext } from '../../core/context';
import { runningAppOn } from '../kit/running-app';
import { openDataFolder } from '../data-folder/open-folder';
import { coreClient, type ContractClient } from '../kit/contract-client';

/** How the MCP server reaches the data folder, and how it lets go of it. */
export interface DataFolderClient {
  readonly client: ContractClient;
  /** Said on stderr at start: through which instance, or the folder opened here. */
  readonly description: string;
  /**
   * This server's session with the core: what it lends for it (the start key) lives only as
   * long as the session. Through an instance, its event socket, which closes when this process
   * ends in any way (kill -9 included); with the folder opened here, this process itself.
   */
  session(): Promise<string>;
  close(): Promise<void>;
}

export interface McpFolderOptions {
  /** The UI's files, served by the local API this process starts when it holds the folder. */
  readonly rendererDir: string;
  /** Start options of `hooklab mcp` (HOOKLAB_WEBHOOK_KEY), for this run only. */
  readonly options?: (ctx: CoreContext) => void;
  /** The project config file (HOOKLAB_CONFIG in the server's environment). */
  readonly projectConfigPath?: string | undefined;
}

/**
 * The data folder's contract: through the local API of the Hooklab that holds it
 * (kit/running-app.ts), else a core opened here under the folder's lock (kind `mcp`), so a
 * desktop app or serve started meanwhile is refused instead of opening it beside this one.
 */
export async function openFolderForMcp(dataDir: string, version: string, options: McpFolderOptions): Promise<DataFolderClient> {
  const instance = runningAppOn(dataDir);
  if (instance) {
    return {
      client: instance,
      description: `through the running Hooklab (${instance.instance.kind}, pid ${instance.instance.pid}, ${instance.instance.url})`,
      session: () => instance.session(),
      close: async () => instance.close(),
    };
  }
  // No app runs: this process holds the folder, with the local API too, so `hooklab events`,
  // `replay` and an app started meanwhile go through it (or are told who holds it).
  const folder = openDataFolder({
    dataDir,
    kind: 'mcp',
    version,
    // stdout carries the protocol: every log line goes to stderr.
    log: createConsoleLogger(),
    ...(options.options ? { options: options.options } : {}),
    projectConfigPath: options.projectConfigPath,
  });
  try {
    const core = await folder.start();
    const host = await folder.startLocalApi(0, options.rendererDir);
    const { sessions } = core.ctx.runtime;
    const session = sessions.start();
    return {
      client: coreClient(core),
      description: `with the data folder ${dataDir} opened here (local API ${host.url})`,
      session: async () => session,
      close: async () => {
        sessions.end(session);
        await folder.close();
      },
    };
  } catch (error) {
    await folder.close();
    throw error;
  }
}
