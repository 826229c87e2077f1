/**
 * Child process for the kill test: runs one poll cycle against the given service into the given
 * database file, then waits to be killed. Args: dbPath baseUrl clientId (secret on stdin-free env).
 */
import { pollerRig } from './poller-harness';

const [dbPath, baseUrl, clientId] = process.argv.slice(2) as [string, string, string];
const rig = pollerRig({
  dbPath,
  baseUrl,
  creds: { clientId, clientSecret: process.env.HOOKLAB_CLIENT_SECRET ?? '', storeId: '', secretKey: '', webhookKey: '', webhookUrl: '' },
});
void rig.poller.runOnce();
process.stdout.write('started\n');
