import { z } from 'zod';
import { ListenerSettingsSchema } from './listener';
import { TunnelSettingsSchema } from './tunnel';
import {
  EnvironmentSettingsSchema,
  PollerSettingsSchema,
  SandboxSettingsSchema,
} from './environments';
import { LocalApiSettingsSchema } from './local-api';
import { TracingSettingsSchema } from './tracing';
import { NotificationSettingsSchema } from './notifications';
import { ReplaySectionSchema } from './replay';
import { SECRET_NAME_PATTERN } from './secret-names';

export * from './listener';
export * from './tunnel';
export * from './environments';
export * from './secret-names';
export * from './service-url';
export * from './local-api';
export * from './tracing';
export * from './notifications';
export * from './replay';

/**
 * Everything Hooklab remembers that is not a secret and not data. Every field has a default,
 * so `SettingsSchema.parse({})` is a complete first-run configuration.
 */
export const SettingsSchema = z.object({
  listener: ListenerSettingsSchema.default(ListenerSettingsSchema.parse({})),
  tunnel: TunnelSettingsSchema.default(TunnelSettingsSchema.parse({})),
  environments: EnvironmentSettingsSchema.default(EnvironmentSettingsSchema.parse({})),
  poller: PollerSettingsSchema.default(PollerSettingsSchema.parse({})),
  sandbox: SandboxSettingsSchema.default(SandboxSettingsSchema.parse({})),
  localApi: LocalApiSettingsSchema.default(LocalApiSettingsSchema.parse({})),
  tracing: TracingSettingsSchema.default(TracingSettingsSchema.parse({})),
  notifications: NotificationSettingsSchema.default(NotificationSettingsSchema.parse({})),
  replay: ReplaySectionSchema.default(ReplaySectionSchema.parse({})),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * A section's fields, each optional and WITHOUT its default: `.partial()` alone keeps the
 * defaults, so a patch of one field would reset every other field of the section.
 */
function sectionPatch<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
    ]),
  ) as unknown as { [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer T> ? T : S[K]> };
  return z.object(shape).strict();
}

/** A partial update: each top-level section is replaced field by field. */
export const SettingsPatchSchema = z
  .object({
    listener: sectionPatch(ListenerSettingsSchema),
    tunnel: sectionPatch(TunnelSettingsSchema),
    environments: sectionPatch(EnvironmentSettingsSchema),
    poller: sectionPatch(PollerSettingsSchema),
    sandbox: sectionPatch(SandboxSettingsSchema),
    localApi: sectionPatch(LocalApiSettingsSchema),
    tracing: sectionPatch(TracingSettingsSchema),
    notifications: sectionPatch(NotificationSettingsSchema),
    replay: sectionPatch(ReplaySectionSchema),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/**
 * Names a secret may have: `webhookKey:<id>`, `env:<id>:clientSecret`, `env:<id>:secretKey`,
 * and `replayKey:<id>` (a throwaway key typed in Replay to sign with).
 */
export const SecretNameSchema = z
  .string()
  .regex(
    SECRET_NAME_PATTERN,
    'must be webhookKey:<id>, replayKey:<id>, env:<id>:clientSecret or env:<id>:secretKey',
  );
export type SecretName = z.infer<typeof SecretNameSchema>;
