import type { Content, Part } from '../schemas/cached-content.js';
import type { Tool } from '../schemas/tools.js';
import { parseDurationString } from './time.js';

/** Tokens per unit of the documented counting rule (see docs/model-cache.md). */
export const TOKEN_RULE = {
  charsPerToken: 4,
  perImage: 258,
  perDocument: 258,
  perVideoSecond: 263,
  perAudioSecond: 32,
  /** Assumed bitrates to turn inline bytes into seconds when no `videoMetadata` offsets are given. */
  videoBytesPerSecond: 250_000,
  audioBytesPerSecond: 16_000,
  /** Duration assumed for a `fileData` video/audio without offsets. */
  fileSeconds: 60,
} as const;

/** Structured parts counted as the characters of their JSON (function calls and results, code). */
export const STRUCTURED_PARTS = ['functionCall', 'functionResponse', 'executableCode', 'codeExecutionResult'] as const;

/** Inline content above this many bytes is refused (10 MB), as the real service does. */
export const INLINE_LIMIT_BYTES = 10 * 1024 * 1024;

/** What a cache's contents amount to: the `usageMetadata` numbers and the inline byte size. */
export interface Usage {
  totalTokenCount: number;
  textCount: number;
  imageCount: number;
  videoDurationSeconds: number;
  audioDurationSeconds: number;
  inlineBytes: number;
}

const base64Bytes = (data: string) => {
  const clean = data.replace(/[\s=]/g, '');
  return Math.floor((clean.length * 3) / 4);
};
const seconds = (d: string | undefined) => {
  const p = d === undefined ? undefined : parseDurationString(d);
  return p ? p.s + p.n / 1e9 : undefined;
};

function mediaSeconds(part: Part, bytes: number, bytesPerSecond: number): number {
  const vm = part.videoMetadata;
  const end = seconds(vm?.endOffset);
  if (end !== undefined) return Math.max(0, Math.ceil(end - (seconds(vm?.startOffset) ?? 0)));
  if (part.fileData) return TOKEN_RULE.fileSeconds;
  return Math.max(1, Math.ceil(bytes / bytesPerSecond));
}

/**
 * The deterministic token count: ceil(text characters / 4) over contents and system instruction,
 * plus ceil(JSON characters of function calls/responses and code parts / 4), ceil(JSON characters of the tools / 4), 258 per image or document part, 263 per second of
 * video and 32 per second of audio.
 */
export function computeUsage(contents: readonly Content[], systemInstruction?: Content, tools?: readonly Tool[]): Usage {
  return computeDetailed(contents, systemInstruction, tools).usage;
}

/** The modalities a token count is broken down by, in the order the real services list them. */
export const MODALITIES = ['TEXT', 'IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT'] as const;
/** One modality. */
export type Modality = (typeof MODALITIES)[number];
/** Tokens per modality (a `promptTokensDetails` before rendering). */
export type ModalityTokens = Partial<Record<Modality, number>>;

/** The `{ modality, tokenCount }` list of a breakdown: non-zero modalities only, in the real order (`TEXT` 0 when all are 0). */
export function modalityDetails(m: ModalityTokens): Array<{ modality: Modality; tokenCount: number }> {
  const out = MODALITIES.flatMap((modality) => ((m[modality] ?? 0) > 0 ? [{ modality, tokenCount: m[modality] as number }] : []));
  return out.length > 0 ? out : [{ modality: 'TEXT', tokenCount: 0 }];
}

/** Adds breakdowns modality by modality. */
export function addModalities(...all: ModalityTokens[]): ModalityTokens {
  const out: ModalityTokens = {};
  for (const m of all) for (const k of MODALITIES) if (m[k] !== undefined) out[k] = (out[k] ?? 0) + (m[k] as number);
  return out;
}

/**
 * A cache's breakdown from its stored usage: images, video and audio by the counting rule, the rest
 * (text, structured parts, tools, documents) as TEXT.
 */
export function cacheModalities(u: Pick<Usage, 'totalTokenCount' | 'imageCount' | 'videoDurationSeconds' | 'audioDurationSeconds'>): ModalityTokens {
  const image = u.imageCount * TOKEN_RULE.perImage;
  const video = u.videoDurationSeconds * TOKEN_RULE.perVideoSecond;
  const audio = u.audioDurationSeconds * TOKEN_RULE.perAudioSecond;
  return { TEXT: Math.max(0, u.totalTokenCount - image - video - audio), IMAGE: image, VIDEO: video, AUDIO: audio };
}

/** {@link computeUsage} with the tokens of each modality (they add up to `totalTokenCount`). */
export function computeDetailed(
  contents: readonly Content[],
  systemInstruction?: Content,
  tools?: readonly Tool[],
): { usage: Usage; modalities: ModalityTokens } {
  const u: Usage = { totalTokenCount: 0, textCount: 0, imageCount: 0, videoDurationSeconds: 0, audioDurationSeconds: 0, inlineBytes: 0 };
  const m = { IMAGE: 0, VIDEO: 0, AUDIO: 0, DOCUMENT: 0 };
  let mediaTokens = 0;
  let structuredChars = 0;
  const all = systemInstruction ? [systemInstruction, ...contents] : contents;
  for (const content of all) {
    for (const part of content.parts) {
      if (part.text !== undefined) {
        u.textCount += [...part.text].length;
        u.inlineBytes += Buffer.byteLength(part.text);
      }
      for (const key of STRUCTURED_PARTS) if (part[key] !== undefined) structuredChars += JSON.stringify(part[key]).length;
      const blob = part.inlineData ?? part.fileData;
      if (!blob) continue;
      const mime = blob.mimeType ?? '';
      const bytes = part.inlineData ? base64Bytes(part.inlineData.data) : 0;
      u.inlineBytes += bytes;
      if (mime.startsWith('image/')) {
        u.imageCount += 1;
        mediaTokens += TOKEN_RULE.perImage;
        m.IMAGE += TOKEN_RULE.perImage;
      } else if (mime.startsWith('video/')) {
        const s = mediaSeconds(part, bytes, TOKEN_RULE.videoBytesPerSecond);
        u.videoDurationSeconds += s;
        mediaTokens += s * TOKEN_RULE.perVideoSecond;
        m.VIDEO += s * TOKEN_RULE.perVideoSecond;
      } else if (mime.startsWith('audio/')) {
        const s = mediaSeconds(part, bytes, TOKEN_RULE.audioBytesPerSecond);
        u.audioDurationSeconds += s;
        mediaTokens += s * TOKEN_RULE.perAudioSecond;
        m.AUDIO += s * TOKEN_RULE.perAudioSecond;
      } else {
        mediaTokens += TOKEN_RULE.perDocument;
        m.DOCUMENT += TOKEN_RULE.perDocument;
      }
    }
  }
  const toolChars = tools && tools.length > 0 ? JSON.stringify(tools).length : 0;
  u.totalTokenCount =
    Math.ceil(u.textCount / TOKEN_RULE.charsPerToken) +
    Math.ceil(structuredChars / TOKEN_RULE.charsPerToken) +
    Math.ceil(toolChars / TOKEN_RULE.charsPerToken) +
    mediaTokens;
  return { usage: u, modalities: { TEXT: u.totalTokenCount - mediaTokens, ...m } };
}
