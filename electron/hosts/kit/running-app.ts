import { connectToRunningInstance, type InstanceClient } from '../../services/instance/instance-client';
import { describeHolder, readRunningInstance } from '../../services/instance/instance-lock';
import { InputError } from './input-error';

/**
 * "The running app, else the folder", the first half, as every host that reads or writes a data
 * folder it may not hold asks it (the terminal commands, `hooklab mcp`): the Hooklab that holds
 * `dataDir` through its local API when one does (the database is never opened twice), or null
 * when the folder is free to open here. A holder without a local API yet (still starting) is an
 * InputError naming it, instead of opening the database beside it.
 */
export function runningAppOn(dataDir: string): InstanceClient | null {
  const client = connectToRunningInstance(dataDir);
  if (client) return client;
  const holder = readRunningInstance(dataDir);
  if (holder) throw new InputError(`the data folder ${dataDir} is held by ${describeHolder(holder)}, without a local API: try again once it has started`);
  return null;
}
