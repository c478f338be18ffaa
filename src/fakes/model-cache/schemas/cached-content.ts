import { z } from 'zod';
import { BytesSchema, DoubleSchema, DurationSchema, mapOf, TimestampSchema } from './proto.js';
import type { AddIssue } from './schema.js';
import { checkTools, ToolConfigSchema, ToolSchema } from './tools.js';

/** The members of Part's `data` oneof: a part carries exactly one. */
export const PART_DATA = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
] as const;

/** A google.protobuf.Struct: a JSON object whose keys are the caller's (kept as sent, `__proto__` included). */
const StructSchema = mapOf(z.unknown());

/**
 * One part of a Content: exactly one piece of data (text, inline bytes, a file reference, a function
 * call or response, code, a server-side tool call) plus optional metadata. Unknown fields are the
 * parser's 400, bytes are base64, offsets are Durations.
 */
export const PartSchema = z
  .strictObject({
    text: z.string().optional(),
    inlineData: z.strictObject({ mimeType: z.string(), data: BytesSchema, displayName: z.string().optional() }).optional(),
    fileData: z.strictObject({ mimeType: z.string().optional(), fileUri: z.string(), displayName: z.string().optional() }).optional(),
    functionCall: z.looseObject({ name: z.string().optional(), args: StructSchema.optional() }).optional(),
    functionResponse: z.looseObject({ name: z.string().optional(), response: StructSchema.optional() }).optional(),
    executableCode: z.looseObject({ language: z.string().optional(), code: z.string().optional() }).optional(),
    codeExecutionResult: z.looseObject({ outcome: z.string().optional(), output: z.string().optional() }).optional(),
    toolCall: z.looseObject({}).optional(),
    toolResponse: z.looseObject({}).optional(),
    videoMetadata: z.strictObject({ startOffset: DurationSchema.optional(), endOffset: DurationSchema.optional(), fps: DoubleSchema.optional() }).optional(),
    thought: z.boolean().optional(),
    thoughtSignature: BytesSchema.optional(),
    partMetadata: StructSchema.optional(),
    mediaResolution: z.looseObject({}).optional(),
    mediaProcessing: z.looseObject({}).optional(),
    speechMetadata: z.looseObject({}).optional(),
    // Output only (a transcription the model returned); accepted and ignored, as the parser does.
    audioTranscription: z.looseObject({}).optional(),
  })
  .superRefine((part, ctx) => {
    const data = Object.keys(part).filter((k) => (PART_DATA as readonly string[]).includes(k) && part[k as keyof typeof part] !== undefined);
    // The parser's oneof rule: the second member sent is the one it cannot set.
    if (data.length > 1) ctx.addIssue({ code: 'custom', path: [], message: 'oneof', params: { oneof: 'data', key: data[1] } });
  });
/** A parsed Part. */
export type Part = z.infer<typeof PartSchema>;

/**
 * A part with no data (no `text`, `inlineData`, `fileData`, `functionCall`, ...): the real parser's
 * "required oneof field 'data' must have one initialized field".
 */
export function isEmptyPart(part: Part): boolean {
  return !PART_DATA.some((k) => part[k] !== undefined);
}

/** The description of the empty-part error, as the real service words it. */
export const EMPTY_PART_MESSAGE = "required oneof field 'data' must have one initialized field";

/** A Content: a role and its parts. */
export const ContentSchema = z.strictObject({ role: z.string().optional(), parts: z.array(PartSchema).default([]) });
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
    ttl: DurationSchema.optional(),
    expireTime: TimestampSchema.optional(),
    encryptionSpec: z
      .strictObject({
        kmsKeyName: z.string().regex(KMS_KEY_RE, 'kms_key_name must be projects/{project}/locations/{location}/keyRings/{keyRing}/cryptoKeys/{cryptoKey}.'),
      })
      .optional(),
    // Output-only fields are accepted and ignored, as proto JSON parsing does.
    createTime: TimestampSchema.optional(),
    updateTime: TimestampSchema.optional(),
    usageMetadata: z.looseObject({}).optional(),
  })
  .superRefine((v, ctx) => {
    const add: AddIssue = (path, message) => ctx.addIssue({ code: 'custom', path, message, params: { rule: true } });
    // ttl and expire_time are the members of the `expiration` oneof: the parser refuses the second one sent.
    if (v.ttl !== undefined && v.expireTime !== undefined) {
      const second = Object.keys(v).find((k) => k === 'ttl' || k === 'expireTime') === 'ttl' ? 'expireTime' : 'ttl';
      ctx.addIssue({ code: 'custom', path: [], message: 'oneof', params: { oneof: 'expiration', key: second } });
    }
    v.contents?.forEach((c, i) => {
      c.parts.forEach((p, j) => {
        if (isEmptyPart(p)) add(['contents', i, 'parts', j, 'data'], EMPTY_PART_MESSAGE);
      });
    });
    v.systemInstruction?.parts.forEach((p, i) => {
      const keys = Object.keys(p).filter((k) => (p as Record<string, unknown>)[k] !== undefined);
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
