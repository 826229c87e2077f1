import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../../../support/app-harness';
import { startSandbox } from '../../../../../electron/emulator';
import { rendererCsp } from '../../../../../electron/hosts/security/csp';
import { tempDirs } from '../../../../support/temp-dirs';
import { card, customer } from '../../features/flows/flow-helpers';

/** The directives of a CSP header, by name. */
function directives(csp: string): Record<string, string> {
  return Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(' ')]));
}

/**
 * The renderer's CSP as the browser host serves it with index.html (the Electron host sends the
 * same policy from the same function): frame-src admits exactly the active environment's 3-D
 * Secure origin, nothing broader, and follows an environment switch.
 */
describe('renderer CSP frame-src', () => {
  const makeDir = tempDirs('hooklab-csp-');
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function start(): Promise<TestApp> {
    const rendererDir = join(makeDir(), 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    const app = await startTestApp({ settings: { listener: { port: 0 } }, rendererDir });
    cleanup.push(() => app.close());
    return app;
  }

  async function servedCsp(app: TestApp): Promise<Record<string, string>> {
    const res = await fetch(`${app.url}/index.html`, { headers: { Authorization: `Bearer ${app.token}` } });
    expect(res.status).toBe(200);
    return directives(res.headers.get('content-security-policy')!);
  }

  it("admits exactly the embedded sandbox's origin, where its challenge page is served and may be framed", async () => {
    const app = await start();
    const { baseUrl } = await app.call('sandbox.info', {});
    const csp = await servedCsp(app);
    expect(csp['frame-src']).toBe(new URL(baseUrl!).origin);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");

    // The challenge page the flow embeds is on that origin and does not forbid being framed.
    const pm = await app.call('flows.createPaymentMethod', { customer, card: card('4000000000003220') });
    const charge = await app.call('flows.charge', {
      order: { id: 'csp-1', amount: 3, description: 'd', name: 'n' },
      cardId: pm.value!.id,
      authenticationId: null,
    });
    const page = await fetch(charge.value!.authentication!.url);
    expect(new URL(page.url).origin).toBe(csp['frame-src']);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy') ?? '').not.toMatch(/frame-ancestors/);
  });

  it("switching to a live environment admits that environment's origin instead, and only it", async () => {
    const live = await startSandbox({ port: 0 });
    cleanup.push(() => live.close());
    const app = await start();
    await app.call('settings.update', {
      environments: {
        live: [{ id: 'shop', name: 'Shop', baseUrl: `${live.baseUrl}/`, apiV3Url: live.apiV3Url, clientId: 'c' }],
        active: 'shop',
      },
    });
    expect((await servedCsp(app))['frame-src']).toBe(new URL(live.baseUrl).origin);
    await app.call('sandbox.useSandbox', {});
    const { baseUrl } = await app.call('sandbox.info', {});
    expect((await servedCsp(app))['frame-src']).toBe(new URL(baseUrl!).origin);
  });

  it('never lets an origin widen the policy', () => {
    expect(directives(rendererCsp(null))['frame-src']).toBe("'none'");
    expect(directives(rendererCsp("http://a.test; script-src 'unsafe-eval'"))['frame-src']).toBe("'none'");
    expect(directives(rendererCsp('https://*.test'))['frame-src']).toBe("'none'");
    expect(directives(rendererCsp('https://3ds.bank.test:8443'))['frame-src']).toBe('https://3ds.bank.test:8443');
  });
});
