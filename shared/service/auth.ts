import { z } from 'zod';

/** POST /token request (4.1). */
export const TokenRequestSchema = z.object({ clientId: z.string(), clientSecret: z.string() });
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** Access token (2.1). */
export const AccessTokenSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;
