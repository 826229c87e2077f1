import { join } from 'node:path';
import { createCore } from '../../core/core';
import { productFeatures } from '../../core/product-features';
import { createConsoleLogger } from '../../services/kernel/logger';
import { acquireInstanceLock, readRunningInstance } from '../../services/instance/instance-lock';
import { connectToRunningInstance } from '../../services/instance/instance-client';
import { ensurePrivateDir } from '../../services/platform/private-files';
import { FileSecretStore, fileModeCipher } from '../../services/secrets/secret-store';
import { confSettingsBackend } from '../../services/settings/conf-backend';
import { coreClient, type ContractClient } from './contract-client';

/** How the MCP server reaches the data folder, and how it lets go of it. */
export interface DataFolderClient {
  readonly client: ContractClient;
  /** Said on stderr at start: through which instance, or the folder opened here. */
  readonly description: string;
  close(): Promise<void>;
}

/**
 * The data folder's contract: through the local API of the Hooklab that holds it (the database
 * is never opened twice), else a core opened here under the folder's lock (kind `mcp`), so a
 * desktop app or serve started meanwhile is refused instead of opening it beside this one.
 */
export async function openDataFolder(dataDir: string, version: string): Promise<DataFolderClient> {
  const instance = connectToRunningInstance(dataDir);
  if (instance) {
    return {
      client: instance,
      description: `through the running Hooklab (${instance.instance.kind}, pid ${instance.instance.pid}, ${instance.instance.url})`,
      close: async () => instance.close(),
    };
  }
  const holder = readRunningInstance(dataDir);
  if (holder) {
    throw new Error(`the data folder ${dataDir} is held by a Hooklab (${holder.kind}, pid ${holder.pid}) without a local API yet: try again once it has started`);
  }
  ensurePrivateDir(dataDir);
  const lock = acquireInstanceLock(dataDir, { kind: 'mcp' });
  try {
    const core = createCore({
      hostKind: 'browser',
      version,
      dataDir,
      settingsBackend: confSettingsBackend(dataDir),
      secrets: new FileSecretStore(join(dataDir, 'secrets.json'), fileModeCipher),
      // stdout carries the protocol: every log line goes to stderr.
      log: createConsoleLogger(),
      features: productFeatures,
    });
    await core.start();
    return {
      client: coreClient(core),
      description: `with the data folder ${dataDir} opened here`,
      close: async () => {
        await core.stop();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
