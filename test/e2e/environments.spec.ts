import { test, expect } from './support/fixtures';
import { fillNewEnvironment } from './pages/environment-settings';

test('an environment address must be https off loopback, and moving it to another origin asks for the secret again', async ({ app }) => {
  const { settings, creds, info } = await fillNewEnvironment(app, 'Origin E2E', 'http://svc.example.com');
  // The reason is next to the field, and nothing is saved.
  await expect(settings.getByTestId('env-baseUrl-problem')).toContainText('must be https://');
  await expect(settings.getByTestId('env-save')).toBeDisabled();
  await settings.getByTestId('env-baseUrl').fill(info.baseUrl);
  await expect(settings.getByTestId('env-baseUrl-problem')).toHaveCount(0);
  await settings.getByTestId('env-save').click();
  const row = settings.getByTestId('env-row-origin-e2e');
  await expect(row).toContainText('client secret ✓ set');

  // Moving to another origin (localhost instead of 127.0.0.1): the form says the secret is
  // cleared and requires it again.
  await row.getByTestId('env-edit-origin-e2e').click();
  const moved = info.baseUrl.replace('127.0.0.1', 'localhost');
  await settings.getByTestId('env-baseUrl').fill(moved);
  await settings.getByTestId('env-apiV3Url').fill(`${moved}/api/v3`);
  await expect(settings.getByTestId('env-clientSecret-label')).toContainText('cleared: the address moved to another origin');
  await expect(settings.getByTestId('env-clientSecret')).toHaveAttribute('required', '');
  await settings.getByTestId('env-clientSecret').fill(creds.clientSecret);
  await settings.getByTestId('env-save').click();
  await expect(row).toContainText(moved);
  await expect(row).toContainText('client secret ✓ set');
  await row.getByTestId('env-test-origin-e2e').click();
  await expect(settings.getByTestId('env-message')).toContainText('connected: the store has');

  // Moved by another client without a secret: the list shows it is missing.
  const env = { id: 'origin-e2e', name: 'Origin E2E', baseUrl: info.baseUrl, apiV3Url: info.apiV3Url, clientId: creds.clientId };
  expect((await app.call('settings.update', { environments: { live: [env] } })).ok()).toBe(true);
  await expect(row).toContainText('client secret ✗ missing');
  await settings.getByTestId('env-remove-origin-e2e').click();
  await expect(row).toHaveCount(0);
});
