import { z } from 'zod';
import { ContentSchema } from './cached-content.js';

/** A Vertex AI ComputeTokensRequest (`POST .../publishers/google/models/{model}:computeTokens`): `contents`, or the legacy `instances`. */
export const ComputeTokensRequestSchema = z.strictObject({
  model: z.string().optional(),
  contents: z.array(ContentSchema).optional(),
  instances: z.array(z.unknown()).optional(),
});
/** A parsed ComputeTokensRequest. */
export type ComputeTokensRequest = z.infer<typeof ComputeTokensRequestSchema>;

/** One Content's tokens as `computeTokens` answers them: the bytes of each token (base64), its id (int64 as a string) and the Content's role. */
export const TokensInfoSchema = z.object({
  tokens: z.array(z.string()),
  tokenIds: z.array(z.string()),
  role: z.string(),
});
/** A TokensInfo. */
export type TokensInfo = z.infer<typeof TokensInfoSchema>;
