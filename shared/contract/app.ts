import { z } from 'zod';
import { defineCall, defineEvent, NoArgs, Ok } from './define';
import { AppStatusSchema } from './status';
import { SecretNameSchema, SettingsPatchSchema, SettingsSchema } from '../settings';

/** Settings as the renderer sees them: plain settings plus which secrets are set (never values). */
export const SettingsViewSchema = z.object({
  settings: SettingsSchema,
  secretsSet: z.array(SecretNameSchema),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const appCalls = {
  'app.status': defineCall('Current status of host, listener, tunnel, poller and sandbox.', NoArgs, AppStatusSchema, { readOnly: true }),
  'settings.get': defineCall('All settings, and the names of secrets that are set.', NoArgs, SettingsViewSchema, { readOnly: true }),
  'settings.update': defineCall(
    'Merge a partial update into settings, save it and apply it without restart.',
    SettingsPatchSchema,
    SettingsViewSchema,
  ),
  'secrets.set': defineCall(
    'Store a secret in the main process, encrypted at rest. The value never comes back.',
    z.object({ name: SecretNameSchema, value: z.string().min(1).max(4096) }).strict(),
    Ok,
  ),
  'secrets.delete': defineCall('Forget a secret.', z.object({ name: SecretNameSchema }).strict(), Ok, { destructive: true }),
  'app.rotateAccessToken': defineCall(
    "Replace the data folder's access token of the local API: every open tab and tool must use the new address. The token never comes back.",
    NoArgs,
    z.object({ rotatedAt: z.string() }),
    { destructive: true },
  ),
} as const;

export const appEvents = {
  'app.status': defineEvent('Status changed (any part of it).', AppStatusSchema),
  'settings.changed': defineEvent('Settings were saved (by this or another window).', SettingsViewSchema),
} as const;
