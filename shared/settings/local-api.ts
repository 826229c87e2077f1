import { z } from 'zod';

/** The browser UI's and local API's port unless Settings says otherwise (listener 4780, sandbox 4781). */
export const DEFAULT_LOCAL_API_PORT = 4782;

export const LocalApiSettingsSchema = z.object({
  /**
   * Port of the browser host (UI and local API) on 127.0.0.1. Stable by default, so with the
   * data folder's token a bookmarked address survives a restart; 0 picks a free one each start.
   */
  port: z.number().int().min(0).max(65535).default(DEFAULT_LOCAL_API_PORT),
});
export type LocalApiSettings = z.infer<typeof LocalApiSettingsSchema>;
