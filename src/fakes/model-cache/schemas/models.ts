import { z } from 'zod';

/** A Gemini API `Model` as `models.get` and `models.list` answer it (fields in the service's order). */
export const ModelJsonSchema = z.object({
  /** `models/{id}`. */
  name: z.string(),
  version: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  inputTokenLimit: z.number().int().optional(),
  outputTokenLimit: z.number().int().optional(),
  supportedGenerationMethods: z.array(z.string()),
  temperature: z.number().optional(),
  topP: z.number().optional(),
  topK: z.number().int().optional(),
  maxTemperature: z.number().optional(),
  /** Whether the model thinks (2.5 and later). */
  thinking: z.boolean().optional(),
});
/** A rendered Model. */
export type ModelJson = z.infer<typeof ModelJsonSchema>;
