import { z } from 'zod';
import { ContentSchema } from './cached-content.js';
import { Int32Schema } from './proto.js';

/** The task types an embedding request may name (`google.ai.generativelanguage.v1beta.TaskType`). */
export const TASK_TYPES = [
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
] as const;

/** A Gemini API EmbedContentRequest (`:embedContent`, and each of `:batchEmbedContents`' requests). */
export const EmbedContentRequestSchema = z.strictObject({
  /** The model, `models/{id}`; must be the URL's. */
  model: z.string().optional(),
  content: ContentSchema.optional(),
  taskType: z.enum(TASK_TYPES).optional(),
  title: z.string().optional(),
  outputDimensionality: Int32Schema.optional(),
});
/** A parsed EmbedContentRequest. */
export type EmbedContentRequest = z.infer<typeof EmbedContentRequestSchema>;

/** A Gemini API BatchEmbedContentsRequest (what `ai.models.embedContent` sends, for one content or several). */
export const BatchEmbedContentsRequestSchema = z.strictObject({
  requests: z.array(EmbedContentRequestSchema).optional(),
});

/**
 * One instance of a Vertex AI text-embedding `:predict` call. Instances and parameters are free-form
 * values on the wire (the model server reads them, not the JSON parser): other keys pass.
 */
export const EmbeddingInstanceSchema = z.looseObject({
  content: z.string().optional(),
  taskType: z.string().optional(),
  title: z.string().optional(),
  mimeType: z.string().optional(),
});

/** A Vertex AI `:predict` request of a text-embedding model. */
export const VertexPredictRequestSchema = z.strictObject({
  instances: z.array(EmbeddingInstanceSchema).optional(),
  parameters: z
    .looseObject({
      outputDimensionality: Int32Schema.optional(),
      autoTruncate: z.boolean().optional(),
    })
    .optional(),
});
/** A parsed Vertex `:predict` request. */
export type VertexPredictRequest = z.infer<typeof VertexPredictRequestSchema>;
