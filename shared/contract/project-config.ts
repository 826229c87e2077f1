/**
 * The project config file (`hooklab.config.json`) the host was started with: shown read-only
 * in Settings so the app and the terminal agree on where events go. Never holds a secret.
 */
import { z } from 'zod';
import { defineCall, NoArgs } from './define';

export const ProjectConfigViewSchema = z.object({
  /** The file in use, or null when there is none. */
  path: z.string().nullable(),
  /** Its routes: an event type (or `*`) to its URLs. */
  routes: z.array(z.object({ eventType: z.string(), urls: z.array(z.string()) })),
  listenerPort: z.number().int().nullable(),
  environment: z.string().nullable(),
  /** Why the file cannot be used (each mistake by path), or null. */
  error: z.string().nullable(),
});
export type ProjectConfigView = z.infer<typeof ProjectConfigViewSchema>;

export const projectConfigCalls = {
  'project.config': defineCall(
    'The hooklab.config.json in use (the folder the host started in, or its --config): path, routes, port, environment name, or the mistakes that make it unusable.',
    NoArgs,
    ProjectConfigViewSchema,
    { readOnly: true },
  ),
} as const;
