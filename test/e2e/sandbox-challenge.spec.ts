import { expect, test, type Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../electron/emulator';

/**
 * The 3DS challenge page (authentication.url) inside an iframe posts the frame message (docs/service.md#3-d-secure-frame-message) to
 * window.parent; the embedding page listens for it, as an integrator's checkout would.
 */

async function token(sb: RunningSandbox): Promise<string> {
  const s = sb.defaultStore;
  const r = await fetch(`${sb.baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: s.clientId, clientSecret: s.clientSecret }),
  });
  return ((await r.json()) as { accessToken: string }).accessToken;
}

async function post(sb: RunningSandbox, bearer: string, path: string, body: unknown) {
  const r = await fetch(`${sb.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });
  return (await r.json()) as any;
}

/** Starts a 3DS charge and returns what the embedding page needs. */
async function startChallenge(sb: RunningSandbox, reference: string) {
  const bearer = await token(sb);
  const pm = await post(sb, bearer, '/paymentmethods', {
    customer: { id: 'c1', name: 'Ana', email: 'ana@example.com', phoneNumber: '+50370000000' },
    card: { number: '4000000000003220', expirationMonth: '12', expirationYear: '2099', cvv: '123', cardHolder: 'ANA' },
  });
  const order = { id: reference, amount: 42.5, description: 'Compra', name: 'Pedido' };
  const charge = await post(sb, bearer, '/charges', { order, cardId: pm.id, authenticationId: null });
  expect(charge.status).toBe('AUTHENTICATION_REQUIRED');
  return { bearer, order, cardId: pm.id as string, auth: charge.authentication as { url: string; id: string } };
}

/** Embeds the challenge URL in an iframe and collects posted messages. */
async function embed(page: Page, url: string): Promise<void> {
  await page.setContent(`<!doctype html><body>
    <script>window.__messages = []; window.addEventListener('message', (e) => window.__messages.push(e.data));</script>
    <iframe id="challenge" src="${url}" width="480" height="520"></iframe></body>`);
}

async function nextMessage(page: Page): Promise<any> {
  await page.waitForFunction(() => (globalThis as unknown as { __messages: unknown[] }).__messages.length > 0);
  return page.evaluate(() => (globalThis as unknown as { __messages: unknown[] }).__messages[0]);
}

test.describe('sandbox 3DS challenge page', () => {
  let sb: RunningSandbox;
  test.afterEach(async () => {
    await sb?.close();
  });

  test('completing the challenge posts authentication.complete / SUCCESS and the second charge succeeds', async ({ page }) => {
    sb = await startSandbox();
    const { bearer, order, cardId, auth } = await startChallenge(sb, 'e2e-success');
    await embed(page, auth.url);
    await page.frameLocator('#challenge').getByRole('button', { name: 'Autenticar' }).click();
    const msg = await nextMessage(page);
    expect(msg).toEqual({ MessageType: 'authentication.complete', Status: 'SUCCESS', AuthenticationId: auth.id, OrderId: 'e2e-success', OrderAmount: 42.5 });
    const second = await post(sb, bearer, '/charges', { order, cardId, authenticationId: msg.AuthenticationId });
    expect(second.status).toBe('SUCCEEDED');
  });

  for (const [button, status] of [
    ['Fallar autenticación', 'FAILED'],
    ['Error del procesador', 'ERROR'],
    ['Dejar expirar', 'EXPIRED'],
  ] as const) {
    test(`"${button}" posts authentication.failed / ${status}`, async ({ page }) => {
      sb = await startSandbox();
      const { auth } = await startChallenge(sb, `e2e-${status}`);
      await embed(page, auth.url);
      await page.frameLocator('#challenge').getByRole('button', { name: button }).click();
      const msg = await nextMessage(page);
      expect(msg).toEqual({ MessageType: 'authentication.failed', Status: status, AuthenticationId: auth.id, OrderId: `e2e-${status}`, OrderAmount: 42.5 });
    });
  }

  test('an untouched challenge expires by itself and posts EXPIRED', async ({ page }) => {
    sb = await startSandbox({ challengeTimeoutSeconds: 1 });
    const { auth } = await startChallenge(sb, 'e2e-timeout');
    await embed(page, auth.url);
    const msg = await nextMessage(page);
    expect(msg).toMatchObject({ MessageType: 'authentication.failed', Status: 'EXPIRED', AuthenticationId: auth.id });
  });
});
