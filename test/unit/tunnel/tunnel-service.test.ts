import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TunnelStatus } from '../../../shared/contract/status';
import { TunnelSettingsSchema } from '../../../shared/settings';
import { TunnelService } from '../../../electron/tunnel/tunnel-service';

let silent: Server | null = null;
const sockets: Socket[] = [];
let service: TunnelService | null = null;
afterEach(async () => {
  service?.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => (silent ? silent.close(r) : r(null)));
});

describe('TunnelService', () => {
  it('says so when the tunnel server does not answer within the open timeout', async () => {
    // Accepts connections and never answers: the client alone would wait forever.
    silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent!.listen(0, '127.0.0.1', r));
    const host = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const statuses: Array<Partial<TunnelStatus>> = [];
    const errored = new Promise<Partial<TunnelStatus>>((resolve) => {
      service = new TunnelService({
        onStatus: (p) => {
          statuses.push(p);
          if (p.state === 'error') resolve(p);
        },
        onPublicUrl: () => {},
        log: () => {},
        openTimeoutMs: 200,
      });
      service.apply(TunnelSettingsSchema.parse({ enabled: true, host }), 1);
    });
    const error = await errored;
    expect(statuses[0]).toMatchObject({ state: 'connecting' });
    expect(error.error).toMatch(/no answer from the tunnel server/);
  });

  it('is disabled without a listener port or when turned off, and reports an own public URL', () => {
    const statuses: Array<Partial<TunnelStatus>> = [];
    service = new TunnelService({ onStatus: (p) => statuses.push(p), onPublicUrl: () => {}, log: () => {} });
    service.apply(TunnelSettingsSchema.parse({ enabled: false }), 1);
    service.apply(TunnelSettingsSchema.parse({ enabled: true }), null);
    service.apply(TunnelSettingsSchema.parse({ enabled: true, ownPublicUrl: 'https://x.example/' }), 1);
    expect(statuses.map((s) => s.state)).toEqual(['disabled', 'disabled', 'own-url']);
    expect(statuses[1]!.error).toMatch(/listener/);
    expect(statuses[2]!.publicUrl).toBe('https://x.example/');
  });
});
