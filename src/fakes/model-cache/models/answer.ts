import type { Api } from '../errors.js';
import type { Part } from '../schemas/cached-content.js';
import type { ModelFamily } from './family.js';
import { type ModalityTokens, modalityDetails } from './usage.js';

/** Token counts of one call, all from the shared counting rule (`computeUsage`), with their breakdowns by modality. */
export interface CallUsage {
  /** The request's own contents, system instruction and tools plus the cache's tokens. */
  prompt: number;
  /** The answer's parts (thoughts excluded). */
  candidates: number;
  /** The cache's tokens (0 without a cache). */
  cached: number;
  /** The thoughts of a thinking model (0 when it does not think). */
  thoughts?: number;
  /** Tokens of what server-side tools (search, code execution, URL context, maps) fed back to the model. */
  toolUse?: number;
  promptModalities?: ModalityTokens;
  cacheModalities?: ModalityTokens;
  candidateModalities?: ModalityTokens;
  /** Vertex's `billablePromptUsage` (characters of prompt text, media counts), when known. */
  billable?: Record<string, number>;
}

/** How the answer reports log-probabilities: `responseLogprobs` (chosen tokens) and `logprobs` (top candidates per position). */
export interface LogprobsAsk {
  responseLogprobs: boolean;
  top: number;
}

/** Everything one response (or stream) is built from. */
export interface ReplyPlan {
  api: Api;
  modelId: string;
  /** What the family adds (index, avgLogprobs); absent: the newest family's rules. */
  family?: ModelFamily;
  /** The answer's parts, thought parts (when shown) first. */
  parts: Part[];
  finishReason: string;
  /** A human-readable reason beside a finishReason other than STOP. */
  finishMessage?: string;
  usage: CallUsage;
  responseId: string;
  /** The fake clock's now, Vertex's `createTime`. */
  createTime: string;
  /** A googleMaps tool with `enableWidget: true` is in force: the answer carries a widget context token. */
  mapsWidget?: boolean;
  /** `generationConfig.responseLogprobs` / `logprobs` of the request. */
  logprobs?: LogprobsAsk;
  /** Vertex adds the candidate's `score` (the request set `candidateCount`). */
  score?: boolean;
  /** `toolConfig.functionCallingConfig.streamFunctionCallArguments` (Vertex): a streamed call sends its arguments piece by piece. */
  streamArguments?: boolean;
}

const positive = (n: number | undefined): n is number => n !== undefined && n > 0;

/**
 * The usageMetadata of a response: zero counts are omitted, as the real services do; the total adds
 * prompt, candidates, thoughts and tool-use prompt; each count has its breakdown by modality; Vertex
 * adds `trafficType` (and `billablePromptUsage` when known).
 */
export function usageMetadata(api: Api, u: CallUsage): Record<string, unknown> {
  const out: Record<string, unknown> = { promptTokenCount: u.prompt };
  if (u.candidates > 0) out.candidatesTokenCount = u.candidates;
  out.totalTokenCount = u.prompt + u.candidates + (u.thoughts ?? 0) + (u.toolUse ?? 0);
  if (u.cached > 0) out.cachedContentTokenCount = u.cached;
  if (positive(u.toolUse)) out.toolUsePromptTokenCount = u.toolUse;
  if (positive(u.thoughts)) out.thoughtsTokenCount = u.thoughts;
  if (api === 'vertex') out.trafficType = 'ON_DEMAND';
  out.promptTokensDetails = detailsOr(u.promptModalities, u.prompt);
  if (u.cached > 0) out.cacheTokensDetails = detailsOr(u.cacheModalities, u.cached);
  if (u.candidates > 0) out.candidatesTokensDetails = detailsOr(u.candidateModalities, u.candidates);
  if (positive(u.toolUse)) out.toolUsePromptTokensDetails = [{ modality: 'TEXT', tokenCount: u.toolUse }];
  if (api === 'vertex' && u.billable) out.billablePromptUsage = u.billable;
  return out;
}

function detailsOr(m: ModalityTokens | undefined, total: number): Array<{ modality: string; tokenCount: number }> {
  const d = m ? modalityDetails(m) : [];
  return d.length > 0 ? d : [{ modality: 'TEXT', tokenCount: total }];
}

/**
 * The usage of a chunk before the last, as the real services stream it: the Gemini API already knows
 * the prompt (its counts, breakdown, cache and thoughts so far); Vertex sends `trafficType` alone.
 */
export function partialUsage(api: Api, u: CallUsage): Record<string, unknown> {
  if (api === 'vertex') return { trafficType: 'ON_DEMAND' };
  const out: Record<string, unknown> = { promptTokenCount: u.prompt, totalTokenCount: u.prompt + (u.thoughts ?? 0) + (u.toolUse ?? 0) };
  if (u.cached > 0) out.cachedContentTokenCount = u.cached;
  if (positive(u.toolUse)) out.toolUsePromptTokenCount = u.toolUse;
  if (positive(u.thoughts)) out.thoughtsTokenCount = u.thoughts;
  out.promptTokensDetails = detailsOr(u.promptModalities, u.prompt);
  if (u.cached > 0) out.cacheTokensDetails = detailsOr(u.cacheModalities, u.cached);
  if (positive(u.toolUse)) out.toolUsePromptTokensDetails = [{ modality: 'TEXT', tokenCount: u.toolUse }];
  return out;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A deterministic response id from the request's sequence number (22 url-safe characters, like the real ones). */
export function responseIdOf(seq: number): string {
  let h = (seq * 0x9e3779b1) >>> 0;
  let out = '';
  for (let i = 0; i < 22; i++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
    h = (h + seq + i) >>> 0;
    out += ID_ALPHABET[h & 63];
  }
  return out;
}

/** FNV-1a of a string: the seed of every derived number (log-probabilities, signatures). */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** `avgLogprobs` of a candidate: a deterministic number in (-0.5, 0) from its parts. */
export function avgLogprobsOf(parts: readonly Part[]): number {
  return -((hashOf(JSON.stringify(parts)) % 100_000) + 1) / 200_000;
}

/** A thought signature: base64 of 48 bytes derived from the response id and the thoughts (opaque to the caller, as the real ones are). */
export function thoughtSignatureOf(responseId: string, thoughts: string): string {
  const bytes = Buffer.alloc(48);
  let h = hashOf(`${responseId}\n${thoughts}`);
  for (let i = 0; i < bytes.length; i++) {
    h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0;
    bytes[i] = h & 255;
  }
  return bytes.toString('base64');
}

/** Characters per token of the counting rule, the size of a log-probability token. */
const TOKEN_CHARS = 4;

/** The logprobsResult of some parts: each 4-character piece of the visible text is a token with a deterministic log-probability. */
export function logprobsResultOf(parts: readonly Part[], ask: LogprobsAsk): Record<string, unknown> {
  const text = parts
    .filter((p) => typeof p.text === 'string' && p.thought !== true)
    .map((p) => p.text)
    .join('');
  const chosen: Array<{ token: string; logProbability: number }> = [];
  for (let i = 0; i < text.length; i += TOKEN_CHARS) {
    const token = text.slice(i, i + TOKEN_CHARS);
    chosen.push({ token, logProbability: -((hashOf(`${i}:${token}`) % 10_000) + 1) / 10_000 });
  }
  const out: Record<string, unknown> = {};
  if (ask.top > 0) out.topCandidates = chosen.map((c) => ({ candidates: [c] }));
  out.chosenCandidates = chosen;
  return out;
}

interface ChunkSpec {
  parts: Part[];
  final: boolean;
  /** Whole answer (generateContent) rather than a streamed chunk. */
  whole: boolean;
}

function envelope(plan: ReplyPlan, spec: ChunkSpec): Record<string, unknown> {
  const candidate: Record<string, unknown> = { content: { role: 'model', parts: spec.parts } };
  if (spec.final) candidate.finishReason = plan.finishReason;
  if (spec.final && plan.finishMessage !== undefined) candidate.finishMessage = plan.finishMessage;
  if (spec.final && plan.mapsWidget) candidate.groundingMetadata = { googleMapsWidgetContextToken: `widgetcontent/${plan.responseId}` };
  if (spec.whole && (plan.api === 'vertex' || (plan.family?.avgLogprobs ?? false))) {
    candidate.avgLogprobs = avgLogprobsOf(plan.parts);
    // Vertex's score is the candidate's whole log-probability: the average times its tokens.
    if (plan.api === 'vertex' && plan.score) candidate.score = (candidate.avgLogprobs as number) * plan.usage.candidates;
  }
  if (plan.logprobs?.responseLogprobs) candidate.logprobsResult = logprobsResultOf(spec.parts, plan.logprobs);
  if (plan.api === 'gemini' && (plan.family?.geminiIndex ?? true)) candidate.index = 0;
  const out: Record<string, unknown> = { candidates: [candidate] };
  out.usageMetadata = spec.final ? usageMetadata(plan.api, plan.usage) : partialUsage(plan.api, plan.usage);
  out.modelVersion = plan.modelId;
  if (plan.api === 'vertex') out.createTime = plan.createTime;
  out.responseId = plan.responseId;
  return out;
}

/** The GenerateContentResponse of a generateContent call. */
export function renderResponse(plan: ReplyPlan): Record<string, unknown> {
  return envelope(plan, { parts: plan.parts, final: true, whole: true });
}

/** Words per streamed chunk. */
export const WORDS_PER_CHUNK = 4;

/** Splits a text into chunks of {@link WORDS_PER_CHUNK} words (whitespace kept with the word before it). */
export function textChunks(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK) out.push(words.slice(i, i + WORDS_PER_CHUNK).join(''));
  return out.length > 0 ? out : [text];
}

/** The leaves of a JSON value with their JSONPath (`$.a.b`, `$.list[0]`). */
function leaves(v: unknown, path: string, out: Array<[string, unknown]>): Array<[string, unknown]> {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) leaves(x, `${path}[${i}]`, out);
  } else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(x, `${path}.${k}`, out);
  else out.push([path, v]);
  return out;
}

/** One streamed argument: a string in two pieces (the value, then the empty end), other values in one. */
function argPieces(path: string, v: unknown): Array<Record<string, unknown>> {
  if (typeof v === 'string')
    return [
      { jsonPath: path, stringValue: v, willContinue: true },
      { jsonPath: path, stringValue: '' },
    ];
  if (typeof v === 'number') return [{ jsonPath: path, numberValue: v }];
  if (typeof v === 'boolean') return [{ jsonPath: path, boolValue: v }];
  return [{ jsonPath: path, nullValue: 'NULL_VALUE' }];
}

/**
 * A function call streamed with `streamFunctionCallArguments` (Vertex): the name first
 * (`willContinue: true`, with the thought signature), then each argument as `partialArgs` pieces,
 * then an empty `functionCall` that ends it.
 */
function streamedCall(p: Part): Part[] {
  const call = p.functionCall as { name?: string; args?: Record<string, unknown> };
  const head: Part = { functionCall: { name: call.name, willContinue: true } };
  if (p.thoughtSignature !== undefined) head.thoughtSignature = p.thoughtSignature;
  const pieces = leaves(call.args ?? {}, '$', []).flatMap(([path, v]) => argPieces(path, v));
  return [head, ...pieces.map((a) => ({ functionCall: { partialArgs: [a], willContinue: true } })), { functionCall: {} }];
}

/**
 * The chunks of a streamGenerateContent call: text parts (thoughts too) in chunks of four words,
 * other parts one per chunk; a text part's `thought` flag stays on each of its chunks and its
 * `thoughtSignature` goes on its last chunk. Every chunk carries usageMetadata (see
 * {@link partialUsage}; Vertex's first also `billablePromptUsage`); the last one also finishReason
 * and the full usage. With `streamArguments`, function calls are streamed piece by piece.
 */
export function renderChunks(plan: ReplyPlan): Array<Record<string, unknown>> {
  const pieces: Part[] = [];
  for (const p of plan.parts) {
    const { text, thought, thoughtSignature, ...rest } = p;
    const others = Object.values(rest).some((v) => v !== undefined);
    if (plan.streamArguments && p.functionCall !== undefined) {
      pieces.push(...streamedCall(p));
      continue;
    }
    if (typeof text !== 'string' || others) {
      pieces.push(p);
      continue;
    }
    const texts = textChunks(text);
    texts.forEach((t, i) => {
      const piece: Part = { text: t };
      if (thought !== undefined) piece.thought = thought;
      if (thoughtSignature !== undefined && i === texts.length - 1) piece.thoughtSignature = thoughtSignature;
      pieces.push(piece);
    });
  }
  if (pieces.length === 0) return [envelope(plan, { parts: [], final: true, whole: false })];
  return pieces.map((p, i) => {
    const chunk = envelope(plan, { parts: [p], final: i === pieces.length - 1, whole: false });
    if (i === 0 && i < pieces.length - 1 && plan.api === 'vertex' && plan.usage.billable)
      chunk.usageMetadata = { billablePromptUsage: plan.usage.billable, ...(chunk.usageMetadata as Record<string, unknown>) };
    return chunk;
  });
}

/** Server-sent events as the real service writes them: `data: {json}\r\n\r\n` per chunk. */
export function toSse(chunks: ReadonlyArray<Record<string, unknown>>): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\r\n\r\n`).join('');
}
