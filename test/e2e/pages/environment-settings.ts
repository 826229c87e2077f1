import type { Locator } from '@playwright/test';
import type { AppShell } from './app-shell';

/**
 * Opens Settings → Environments' Add form and fills it with the sandbox store's credentials (as
 * a user copies their store's) under `name`; `baseUrl` replaces the sandbox's address. Not saved.
 */
export async function fillNewEnvironment(
  app: AppShell,
  name: string,
  baseUrl?: string,
): Promise<{ settings: Locator; creds: { clientId: string; clientSecret: string }; info: { baseUrl: string; apiV3Url: string } }> {
  const creds = await app.api<{ clientId: string; clientSecret: string }>('sandbox.revealCredentials', {});
  const info = await app.api<{ baseUrl: string; apiV3Url: string }>('sandbox.info', {});
  await app.goto('settings');
  const settings = app.page.getByTestId('environment-settings');
  await settings.getByTestId('env-add').click();
  await settings.getByTestId('env-name').fill(name);
  await settings.getByTestId('env-baseUrl').fill(baseUrl ?? info.baseUrl);
  await settings.getByTestId('env-apiV3Url').fill(info.apiV3Url);
  await settings.getByTestId('env-clientId').fill(creds.clientId);
  await settings.getByTestId('env-clientSecret').fill(creds.clientSecret);
  return { settings, creds, info };
}
