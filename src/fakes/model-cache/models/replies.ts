import type { Api } from '../errors.js';
import type { Content, Part } from '../schemas/cached-content.js';
import type { Tool, ToolConfig } from '../schemas/tools.js';
import type { FunctionCalling, ReplyMatch, StoredReply } from './state.js';

/** The last path segment of a model or cache name (`gemini-2.5-flash`, a cache id). */
const lastSegment = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/** The function calling of tools and a toolConfig (a request's, or a cache's), or undefined when neither says anything. */
export function functionCallingOf(tools: readonly Tool[] | undefined, toolConfig: ToolConfig | undefined): FunctionCalling | undefined {
  const declared = (tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((d) => d.name));
  const fcc = toolConfig?.functionCallingConfig;
  if (declared.length === 0 && fcc?.mode === undefined) return undefined;
  return {
    declared,
    ...(fcc?.mode !== undefined ? { mode: fcc.mode } : {}),
    ...(fcc?.allowedFunctionNames !== undefined ? { allowed: [...fcc.allowedFunctionNames] } : {}),
  };
}

/** Whether tools hold a googleMaps tool with `enableWidget: true` ("true includes the widget context token in the response"). */
export function mapsWidgetOf(tools: readonly Tool[] | undefined): boolean {
  return (tools ?? []).some((t) => t.googleMaps?.enableWidget === true);
}

/** What the last user turn says: its text (what replies match) and the functions it answers. */
export interface LastTurn {
  /** Text parts joined by newlines ('' for a turn of function responses only). */
  text: string;
  /** The functionResponse parts: the function's name and its response. */
  responses: Array<{ name: string; response: unknown }>;
}

/**
 * The last user turn of a conversation. A turn that only answers function calls has no text, so a
 * reply seeded for the question that asked for the call does not answer its result again.
 */
export function lastTurn(contents: readonly Content[]): LastTurn {
  for (let i = contents.length - 1; i >= 0; i--) {
    const c = contents[i] as Content;
    if (c.role === 'model') continue;
    const text = c.parts
      .map((p) => p.text)
      .filter((t): t is string => t !== undefined)
      .join('\n');
    const responses = c.parts.flatMap((p) =>
      p.functionResponse ? [{ name: p.functionResponse.name ?? '', response: p.functionResponse.response ?? {} }] : [],
    );
    return { text, responses };
  }
  return { text: '', responses: [] };
}

/** What a call looks like to reply matching. */
export interface CallFacts {
  api: Api;
  modelId: string;
  cache: string | null;
  turn: LastTurn;
  /** The function calling in force (the cache's when one is used, else the request's). */
  calling: FunctionCalling | undefined;
}

function matches(m: ReplyMatch, f: CallFacts): boolean {
  if (m.api !== undefined && m.api !== f.api) return false;
  if (m.model !== undefined && lastSegment(m.model) !== f.modelId) return false;
  if (m.cachedContent === true && f.cache === null) return false;
  if (m.cachedContent === false && f.cache !== null) return false;
  if (typeof m.cachedContent === 'string') {
    const want = m.cachedContent;
    if (f.cache === null || !(f.cache === want || f.cache.endsWith(`/${lastSegment(want)}`))) return false;
  }
  const answered = f.turn.responses.map((r) => r.name);
  if (m.functionResponse === true && answered.length === 0) return false;
  if (m.functionResponse === false && answered.length > 0) return false;
  if (typeof m.functionResponse === 'string' && !answered.includes(m.functionResponse)) return false;
  if (m.text) {
    if ('substring' in m.text) return f.turn.text.includes(m.text.substring);
    return new RegExp(m.text.source, m.text.flags.replace(/[gy]/g, '')).test(f.turn.text);
  }
  return true;
}

const callsOf = (parts: readonly Part[]) => parts.flatMap((p) => (p.functionCall ? [p.functionCall.name ?? ''] : []));

/** The names a function call may use under `calling` (undefined: any name). */
function callable(calling: FunctionCalling): string[] | undefined {
  if (calling.allowed !== undefined) return calling.allowed;
  return calling.declared.length > 0 ? calling.declared : undefined;
}

/**
 * Whether the model could answer these parts under the function calling in force: with mode NONE
 * "no function calls"; with ANY "function calls only, limited to allowedFunctionNames when set" (and
 * to declared functions); AUTO (or none) anything.
 */
export function allowedByCalling(parts: readonly Part[], calling: FunctionCalling | undefined): boolean {
  if (!calling || parts.length === 0) return true;
  const calls = callsOf(parts);
  if (calling.mode === 'NONE') return calls.length === 0;
  if (calling.mode === 'ANY') {
    const names = callable(calling);
    return calls.length > 0 && calls.length === parts.length && (names === undefined || calls.every((n) => names.includes(n)));
  }
  return true;
}

/** The echo of a call: the last user turn's text, or `name: <response JSON>` per function it answers. */
function echoOf(turn: LastTurn): string {
  if (turn.text !== '' || turn.responses.length === 0) return turn.text;
  return turn.responses.map((r) => `${r.name}: ${JSON.stringify(r.response)}`).join('\n');
}

/** The reply a call gets: its parts and finish, and what a thinking model thought (when seeded). */
export interface PickedReply {
  parts: Part[];
  finishReason: string;
  finishMessage?: string;
  thoughts?: string;
  thoughtSignature?: string;
}

/** The echo of a call, exported for the default thoughts of a thinking model. */
export const echoText = (turn: LastTurn) => echoOf(turn);

/**
 * The reply of a call: the first seeded reply that matches and that the function calling in force
 * allows; else, under mode ANY, a call of the first allowed (or declared) function with no arguments;
 * else the echo `echo: <last user text>`.
 */
export function pickReply(replies: readonly StoredReply[], f: CallFacts): PickedReply {
  for (const r of replies) {
    if (!matches(r.match, f) || !allowedByCalling(r.parts as Part[], f.calling)) continue;
    const out: PickedReply = { parts: r.parts as Part[], finishReason: r.finishReason };
    if (r.finishMessage !== undefined) out.finishMessage = r.finishMessage;
    if (r.thoughts !== undefined) out.thoughts = r.thoughts;
    if (r.thoughtSignature !== undefined) out.thoughtSignature = r.thoughtSignature;
    return out;
  }
  const first = f.calling?.mode === 'ANY' ? callable(f.calling)?.[0] : undefined;
  if (first !== undefined) return { parts: [{ functionCall: { name: first, args: {} } }], finishReason: 'STOP' };
  return { parts: [{ text: `echo: ${echoOf(f.turn)}` }], finishReason: 'STOP' };
}
