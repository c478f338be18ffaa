import { z } from 'zod';
import { ContentSchema } from './cached-content.js';
import { DoubleSchema, Int32Schema } from './proto.js';
import type { AddIssue } from './schema.js';
import { checkTools, ToolConfigSchema, ToolSchema } from './tools.js';

/**
 * GenerationConfig: the sampling fields are typed (a wrong type is the parser's 400); the many
 * output-shaping fields newer models add pass through as sent.
 */
export const GenerationConfigSchema = z.looseObject({
  temperature: DoubleSchema.optional(),
  topP: DoubleSchema.optional(),
  topK: DoubleSchema.optional(),
  candidateCount: Int32Schema.optional(),
  maxOutputTokens: Int32Schema.optional(),
  stopSequences: z.array(z.string()).optional(),
  presencePenalty: DoubleSchema.optional(),
  frequencyPenalty: DoubleSchema.optional(),
  seed: Int32Schema.optional(),
  responseMimeType: z.string().optional(),
  responseLogprobs: z.boolean().optional(),
  logprobs: Int32Schema.optional(),
  thinkingConfig: z
    .looseObject({ thinkingBudget: Int32Schema.optional(), thinkingLevel: z.string().optional(), includeThoughts: z.boolean().optional() })
    .optional(),
});

/** One safety setting. */
export const SafetySettingSchema = z.looseObject({ category: z.string().optional(), threshold: z.string().optional(), method: z.string().optional() });

/** The top-level fields both wires read in a GenerateContentRequest (what @google/genai sends). */
const generateFields = {
  /** The Gemini API also reads the model from the body; the URL's wins. */
  model: z.string().optional(),
  contents: z.array(ContentSchema).optional(),
  systemInstruction: ContentSchema.optional(),
  tools: z.array(ToolSchema).optional(),
  toolConfig: ToolConfigSchema.optional(),
  cachedContent: z.string().optional(),
  generationConfig: GenerationConfigSchema.optional(),
  safetySettings: z.array(SafetySettingSchema).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  serviceTier: z.string().optional(),
  continuationToken: z.string().optional(),
  store: z.boolean().optional(),
  modelArmorConfig: z.looseObject({}).optional(),
  outputConfig: z.looseObject({}).optional(),
};

function refineGenerate(
  v: { tools?: z.infer<typeof ToolSchema>[] | undefined; toolConfig?: z.infer<typeof ToolConfigSchema> | undefined },
  add: AddIssue,
): void {
  checkTools(v.tools, v.toolConfig, add);
}

/** A GenerateContentRequest (generateContent and streamGenerateContent). */
export const GenerateContentRequestSchema = z.strictObject(generateFields).superRefine((v, ctx) => {
  refineGenerate(v, (path, message) => ctx.addIssue({ code: 'custom', path, message, params: { rule: true } }));
});
/** A parsed GenerateContentRequest. */
export type GenerateContentRequest = z.infer<typeof GenerateContentRequestSchema>;

/** A Gemini API CountTokensRequest: `contents`, or a whole `generateContentRequest` (the only way to count with a cache). */
export const GeminiCountTokensSchema = z.strictObject({
  contents: z.array(ContentSchema).optional(),
  generateContentRequest: GenerateContentRequestSchema.optional(),
});

/** A Vertex AI CountTokensRequest. */
export const VertexCountTokensSchema = z
  .strictObject({
    model: z.string().optional(),
    contents: z.array(ContentSchema).optional(),
    instances: z.array(z.unknown()).optional(),
    systemInstruction: ContentSchema.optional(),
    tools: z.array(ToolSchema).optional(),
    generationConfig: GenerationConfigSchema.optional(),
  })
  .superRefine((v, ctx) => {
    refineGenerate(v, (path, message) => ctx.addIssue({ code: 'custom', path, message, params: { rule: true } }));
  });
/** A parsed count request, either wire. */
export type CountTokensRequest = z.infer<typeof GeminiCountTokensSchema> & z.infer<typeof VertexCountTokensSchema>;

/** Finish reasons a seeded reply may end with (the union of both wires' enums). */
export const FINISH_REASONS = [
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'OTHER',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'MALFORMED_FUNCTION_CALL',
  'IMAGE_SAFETY',
  'UNEXPECTED_TOOL_CALL',
  'TOO_MANY_TOOL_CALLS',
] as const;
