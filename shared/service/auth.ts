import { z } from 'zod';

/** POST /token request (see docs/service.md#authentication). */
export const TokenRequestSchema = z.object({ clientId: z.string(), clientSecret: z.string() });
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** Access token (see docs/service.md#access-token). */
export const AccessTokenSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;
