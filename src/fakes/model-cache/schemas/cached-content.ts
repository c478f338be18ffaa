import { z } from 'zod';
import type { AddIssue } from './schema.js';
import { checkTools, ToolConfigSchema, ToolSchema } from './tools.js';

/** One part of a Content (text, inline bytes, a file reference, ...); fields beyond these pass through. */
export const PartSchema = z.looseObject({
  text: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string(), data: z.string() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string() }).optional(),
  videoMetadata: z.looseObject({ startOffset: z.string().optional(), endOffset: z.string().optional(), fps: z.number().optional() }).optional(),
  // Messages whose `args` / `response` are google.protobuf.Struct: a JSON object, nothing else.
  functionCall: z.looseObject({ name: z.string().optional(), args: z.record(z.string(), z.unknown()).optional() }).optional(),
  functionResponse: z.looseObject({ name: z.string().optional(), response: z.record(z.string(), z.unknown()).optional() }).optional(),
  executableCode: z.looseObject({ language: z.string().optional(), code: z.string().optional() }).optional(),
  codeExecutionResult: z.looseObject({ outcome: z.string().optional(), output: z.string().optional() }).optional(),
});
/** A parsed Part. */
export type Part = z.infer<typeof PartSchema>;

/** Part fields that describe a part's data but are not data themselves. */
const PART_METADATA = new Set(['videoMetadata', 'thought', 'thoughtSignature', 'partMetadata', 'mediaResolution']);

/**
 * A part with no data (no `text`, `inlineData`, `fileData`, `functionCall`, ...): the real parser's
 * "required oneof field 'data' must have one initialized field".
 */
export function isEmptyPart(part: Part): boolean {
  return !Object.keys(part).some((k) => part[k] !== undefined && !PART_METADATA.has(k));
}

/** The description of the empty-part error, as the real service words it. */
export const EMPTY_PART_MESSAGE = "required oneof field 'data' must have one initialized field";

/** A Content: a role and its parts. */
export const ContentSchema = z.looseObject({ role: z.string().optional(), parts: z.array(PartSchema).default([]) });
/** A parsed Content. */
export type Content = z.infer<typeof ContentSchema>;

const KMS_KEY_RE = /^projects\/[^/]+\/locations\/[^/]+\/keyRings\/[^/]+\/cryptoKeys\/[^/]+$/;

/** Display names are limited to 128 characters. */
export const DISPLAY_NAME_MAX = 128;

/** A CachedContent as a request body (create, or update with its updatable fields). */
export const CachedContentInputSchema = z
  .strictObject({
    name: z.string().optional(),
    displayName: z.string().max(DISPLAY_NAME_MAX, `display_name must be at most ${DISPLAY_NAME_MAX} characters.`).optional(),
    model: z.string().optional(),
    systemInstruction: ContentSchema.optional(),
    contents: z.array(ContentSchema).optional(),
    tools: z.array(ToolSchema).optional(),
    toolConfig: ToolConfigSchema.optional(),
    ttl: z.string().optional(),
    expireTime: z.string().optional(),
    encryptionSpec: z
      .strictObject({
        kmsKeyName: z.string().regex(KMS_KEY_RE, 'kms_key_name must be projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{cryptoKey}.'),
      })
      .optional(),
    // Output-only fields are accepted and ignored, as proto JSON parsing does.
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
    usageMetadata: z.looseObject({}).optional(),
  })
  .superRefine((v, ctx) => {
    const add: AddIssue = (path, message) => ctx.addIssue({ code: 'custom', path, message, params: { rule: true } });
    if (v.ttl !== undefined && v.expireTime !== undefined) add(['ttl'], 'Only one of ttl and expire_time may be set.');
    v.contents?.forEach((c, i) => {
      c.parts.forEach((p, j) => {
        if (isEmptyPart(p)) add(['contents', i, 'parts', j, 'data'], EMPTY_PART_MESSAGE);
      });
    });
    v.systemInstruction?.parts.forEach((p, i) => {
      const keys = Object.keys(p).filter((k) => p[k] !== undefined);
      if (keys.length !== 1 || keys[0] !== 'text') add(['systemInstruction', 'parts', i], 'system_instruction must contain text parts only.');
    });
    checkTools(v.tools, v.toolConfig, add);
  });
/** A parsed CachedContent request body. */
export type CachedContentInput = z.infer<typeof CachedContentInputSchema>;

/** List query: `pageSize` and `pageToken`. */
export const ListQuerySchema = z.object({
  pageSize: z
    .string()
    .regex(/^-?\d+$/)
    .optional(),
  pageToken: z.string().optional(),
});

/**
 * A CachedContent as the wire shows it (what `cachedContents.get` answers), as `fakes.modelCache.get(name)`
 * returns it: no input-only fields (contents, tools, systemInstruction). Vertex reports the non-zero usage
 * numbers; the Gemini API reports `totalTokenCount` only and always a `displayName`.
 */
export const CachedContentJsonSchema = z.object({
  /** Full resource name: `projects/p/locations/l/cachedContents/id` (Vertex) or `cachedContents/id` (Gemini API). */
  name: z.string(),
  /** The model's resource name (`projects/p/locations/l/publishers/google/models/id` or `models/id`). */
  model: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
  expireTime: z.string(),
  displayName: z.string().optional(),
  usageMetadata: z.object({
    totalTokenCount: z.number().int().optional(),
    textCount: z.number().int().optional(),
    imageCount: z.number().int().optional(),
    videoDurationSeconds: z.number().optional(),
    audioDurationSeconds: z.number().optional(),
  }),
});
/** A CachedContent as the wire shows it. */
export type CachedContentJson = z.infer<typeof CachedContentJsonSchema>;
