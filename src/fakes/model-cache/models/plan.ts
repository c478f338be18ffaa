import { googleError } from '../errors.js';
import type { Part } from '../schemas/cached-content.js';
import type { GenerateContentRequest } from '../schemas/generate.js';
import type { Tool } from '../schemas/tools.js';
import { type CallUsage, type ReplyPlan, responseIdOf, thoughtSignatureOf } from './answer.js';
import { familyOf, type ModelFamily, thinks } from './family.js';
import { billableCharacters, type ServedModel } from './generate.js';
import { echoText, functionCallingOf, lastTurn, mapsWidgetOf, pickReply } from './replies.js';
import type { CacheRecord, StoredReply } from './state.js';
import { formatTimestamp, fromMs } from './time.js';
import { addModalities, cacheModalities, computeDetailed, computeUsage } from './usage.js';
import type { Api } from '../errors.js';

/** Everything a generate call's answer depends on. */
export interface PlanInput {
  api: Api;
  model: ServedModel;
  req: GenerateContentRequest;
  cache: CacheRecord | undefined;
  replies: readonly StoredReply[];
  /** The request's sequence number (the response id). */
  seq: number;
  /** The fake clock's now in ms (Vertex's createTime). */
  now: number;
}

/** The real 400 of a thinking budget of 0 on a model that cannot stop thinking (2.5 Pro, 3). */
export const BUDGET_ZERO_MESSAGE = 'Budget 0 is invalid. This model only works in thinking mode.';

/** Server-side tools whose results the model reads (its `toolUsePromptTokenCount`). */
const SERVER_TOOLS = ['googleSearch', 'googleSearchRetrieval', 'urlContext', 'codeExecution', 'googleMaps', 'enterpriseWebSearch', 'retrieval'] as const;

const usesServerTools = (tools: readonly Tool[] | undefined) => (tools ?? []).some((t) => SERVER_TOOLS.some((k) => t[k] !== undefined));

const tokensOf = (parts: Part[]) => computeUsage([{ role: 'model', parts }]).totalTokenCount;

/**
 * Where a thinking model's signature goes, unless a seeded part carries its own: on the first
 * functionCall part; else (generation 3, or a call with function declarations) on the last part.
 * (With thoughts shown and no function call, the thought part carries it instead: see planReply.)
 */
function signed(parts: Part[], signature: string, family: ModelFamily, declares: boolean): Part[] {
  if (parts.some((p) => p.thoughtSignature !== undefined)) return parts;
  const call = parts.findIndex((p) => p.functionCall !== undefined);
  const at = call >= 0 ? call : family.generation >= 3 || declares ? parts.length - 1 : -1;
  return at < 0 ? parts : parts.map((p, i) => (i === at ? { ...p, thoughtSignature: signature } : p));
}

/**
 * The answer of a generate call: the seeded (or echo) reply, then what the model family adds —
 * thoughts (counted in `thoughtsTokenCount`, shown as a `thought` part when `includeThoughts` is
 * set) and a thought signature for thinking models, log-probabilities when asked — with token counts
 * under the shared rule, by modality.
 */
export function planReply(input: PlanInput): ReplyPlan {
  const { api, model, req, cache } = input;
  const family = familyOf(model.id);
  const gc = req.generationConfig;
  const thinking = gc?.thinkingConfig;
  if (family.thinking === 'always' && thinking?.thinkingBudget === 0) throw googleError('INVALID_ARGUMENT', BUDGET_ZERO_MESSAGE);
  const turn = lastTurn(req.contents ?? []);
  const calling = cache ? cache.calling : functionCallingOf(req.tools, req.toolConfig);
  const reply = pickReply(input.replies, { api, modelId: model.id, cache: cache?.name ?? null, turn, calling });
  const responseId = responseIdOf(input.seq);
  let parts = reply.parts;
  let thoughtTokens = 0;
  if (thinks(family, thinking) && parts.length > 0) {
    const thoughts = reply.thoughts ?? `Thinking about: ${echoText(turn)}`;
    thoughtTokens = tokensOf([{ text: thoughts }]);
    const signature = reply.thoughtSignature ?? thoughtSignatureOf(responseId, thoughts);
    const ownSignature = parts.some((p) => p.thoughtSignature !== undefined || p.functionCall !== undefined);
    if (thinking?.includeThoughts === true && !ownSignature) parts = [{ text: thoughts, thought: true, thoughtSignature: signature }, ...parts];
    else {
      parts = signed(parts, signature, family, (calling?.declared.length ?? 0) > 0);
      if (thinking?.includeThoughts === true) parts = [{ text: thoughts, thought: true }, ...parts];
    }
  }
  const answer = parts.filter((p) => p.thought !== true);
  const own = computeDetailed(req.contents ?? [], req.systemInstruction, req.tools);
  const usage: CallUsage = {
    prompt: own.usage.totalTokenCount + (cache?.usage.totalTokenCount ?? 0),
    candidates: tokensOf(answer),
    cached: cache?.usage.totalTokenCount ?? 0,
    thoughts: thoughtTokens,
    toolUse: !cache && usesServerTools(req.tools) ? Math.max(1, Math.ceil(turn.text.length / 4)) : 0,
    promptModalities: cache ? addModalities(own.modalities, cacheModalities(cache.usage)) : own.modalities,
    candidateModalities: computeDetailed([{ role: 'model', parts: answer }]).modalities,
  };
  if (cache) usage.cacheModalities = cacheModalities(cache.usage);
  if (api === 'vertex') usage.billable = { textCount: billableCharacters(req) };
  const plan: ReplyPlan = {
    api,
    modelId: model.id,
    family,
    parts,
    finishReason: reply.finishReason,
    usage,
    responseId,
    createTime: formatTimestamp(fromMs(input.now)),
    mapsWidget: cache ? cache.mapsWidget === true : mapsWidgetOf(req.tools),
  };
  if (reply.finishMessage !== undefined) plan.finishMessage = reply.finishMessage;
  else if (reply.finishReason === 'MALFORMED_FUNCTION_CALL') plan.finishMessage = `Malformed function call: ${answer.map((p) => p.text ?? '').join('')}`;
  if (gc?.responseLogprobs === true) plan.logprobs = { responseLogprobs: true, top: gc.logprobs ?? 0 };
  if (api === 'vertex' && gc?.candidateCount !== undefined) plan.score = true;
  if (api === 'vertex' && !cache && req.toolConfig?.functionCallingConfig?.streamFunctionCallArguments === true) plan.streamArguments = true;
  return plan;
}
