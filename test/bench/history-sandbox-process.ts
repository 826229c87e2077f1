/**
 * The sandbox in its own process for the catch-up benchmark, as the real service would be:
 * seeds a store and prints its connection as one JSON line; exits when stdin closes. With a
 * latency, every API response of the store is held that long (the sandbox's slowResponsesMs
 * chaos), standing in for the network between a laptop and the real service.
 *   npx tsx test/bench/history-sandbox-process.ts <deliveries> [latencyMs=0]
 */
import { startSandbox } from '../../electron/emulator';

const count = Number(process.argv[2] ?? 100_000);
const sandbox = await startSandbox({ retryDelayMs: 1 });
const store = sandbox.createStore({ webhookUrl: '' });
sandbox.seedDeliveries(store.storeId, count);
const latencyMs = Number(process.argv[3] ?? 0);
if (latencyMs > 0) sandbox.setChaos(store.storeId, { slowResponsesMs: latencyMs });
process.stdout.write(
  JSON.stringify({ baseUrl: sandbox.baseUrl, apiV3Url: sandbox.apiV3Url, clientId: store.clientId, clientSecret: store.clientSecret }) + '\n',
);
process.stdin.resume();
process.stdin.on('end', () => void sandbox.close().then(() => process.exit(0)));
