import { afterEach } from 'vitest';
import { connectToRunningInstance, type InstanceClient } from '../../electron/services/instance/instance-client';
import { startHooklab } from './hooklab-cli';
import type { ServerProcess } from './server-process';
import { processesStoppedAfterEach } from './stopped-processes';

/** A `hooklab listen` on its own data folder, ready, with a client of the running instance. */
export interface ListeningFolder {
  readonly dataDir: string;
  readonly listener: ServerProcess;
  readonly client: InstanceClient;
}

/**
 * Returns `listening`: `hooklab listen` started on a fresh folder from `newDir` (its own process
 * group), once it says it is ready, with a client connected to it. After each test the client
 * is closed, then the listener's group stopped and checked gone (with the test's other
 * processes when it passes its own `processes` list).
 */
export function listeningFoldersAfterEach(newDir: () => string, processes: ServerProcess[] = processesStoppedAfterEach()): () => Promise<ListeningFolder> {
  const clients: InstanceClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  return async () => {
    const dataDir = newDir();
    const listener = startHooklab(['listen', '--data-dir', dataDir, '--listener-port', '0']);
    processes.push(listener);
    await listener.waitFor(/Ready: listening on/);
    const client = connectToRunningInstance(dataDir)!;
    clients.push(client);
    return { dataDir, listener, client };
  };
}
