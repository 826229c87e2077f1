import { z } from 'zod';

/** The config file's name, looked up in the folder `hooklab` runs in. */
export const PROJECT_CONFIG_FILE = 'hooklab.config.json';

/** The largest config file read (a real one is a few hundred bytes): 1 MiB. */
export const PROJECT_CONFIG_MAX_BYTES = 1024 * 1024;

const RouteUrlSchema = z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
  message: 'not an http(s) URL',
});

/** A route key: an event type of the service (new ones too) or `*` for every event. */
const RouteKeySchema = z.string().regex(/^(\*|[A-Za-z][A-Za-z0-9]{0,99})$/, 'a route is an event type (e.g. SuccessPayment) or *');

/**
 * `hooklab.config.json` in a user's repository. It never holds a secret: keys and client
 * secrets come from environment variables or the data folder, so the file can be committed.
 */
export const ProjectConfigSchema = z
  .object({
    $schema: z.string().optional(),
    /** Event type (or `*`) to one or more local URLs: listen's forwarding, trigger and replay. */
    routes: z.record(RouteKeySchema, z.union([RouteUrlSchema, z.array(RouteUrlSchema).min(1, 'give at least one URL')])).default({}),
    listener: z.object({ port: z.number().int().min(0).max(65535) }).partial().strict().default({}),
    /** Folder of scenario files, relative to the config file. */
    scenarios: z.string().min(1).optional(),
    /** Name of an environment configured in Hooklab (never its secret). */
    environment: z.string().min(1).max(100).optional(),
  })
  .strict();
export type ProjectConfig = z.output<typeof ProjectConfigSchema>;

/** `routes.SuccessPayment[1]`: the path of a mistake as a user would write it. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text === '' ? String(part) : `.${String(part)}`;
  return text || '(the file)';
}

/** Every mistake of a parsed config, one `path: message` each. */
export function configMistakes(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const secretLike = issue.keys.filter((k) => /key|secret|token|password/i.test(k));
      const what = `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}`;
      return `${issuePath(issue.path)}: ${what}${secretLike.length ? ' (secrets never go in this file: use HOOKLAB_WEBHOOK_KEY or the data folder)' : ''}`;
    }
    return `${issuePath(issue.path)}: ${issue.message}`;
  });
}

/** The URLs an event of `eventType` goes to: its own route, else `*`; none when neither exists. */
export function routeTargets(config: Pick<ProjectConfig, 'routes'>, eventType: string | null): string[] {
  const pick = (key: string) => {
    // Own keys only: a sender's type named `constructor` or `hasOwnProperty` is not a route.
    const value = Object.hasOwn(config.routes, key) ? config.routes[key] : undefined;
    return value === undefined ? [] : typeof value === 'string' ? [value] : value;
  };
  const own = eventType ? pick(eventType) : [];
  return own.length > 0 ? own : pick('*');
}
