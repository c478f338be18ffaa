import { type Api, fieldError, googleError } from '../errors.js';
import { type Content, EMPTY_PART_MESSAGE, isEmptyPart } from '../schemas/cached-content.js';

const VALID_ROLES = new Set(['user', 'model', 'function']);
const LEARN = 'Learn more: https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/gemini';

/** One Content's checks, with each wire's wording: a valid role, parts present, each part with data. */
function checkContent(api: Api, c: Content, i: number, request: string, prefix: string): void {
  if (c.role !== undefined && c.role !== '' && !VALID_ROLES.has(c.role)) throw googleError('INVALID_ARGUMENT', 'Please use a valid role: user, model.');
  if (c.parts.length === 0) {
    if (api === 'vertex')
      throw googleError(
        'INVALID_ARGUMENT',
        `Unable to submit request because it must include at least one parts field, which describes the prompt input. ${LEARN}`,
      );
    throw fieldError('gemini', `${prefix}contents[${i}].parts`, 'contents.parts must not be empty.', request);
  }
  c.parts.forEach((p, j) => {
    if (isEmptyPart(p)) throw fieldError(api, `${prefix}contents[${i}].parts[${j}].data`, EMPTY_PART_MESSAGE, request);
  });
}

/** Contents checks of a generate or count call, with each wire's wording: contents present, then each Content's checks. */
export function checkContents(api: Api, contents: readonly Content[] | undefined, request: string): void {
  if (!contents || contents.length === 0) {
    if (api === 'vertex') throw googleError('INVALID_ARGUMENT', `Unable to submit request because it has an empty contents field. ${LEARN}`);
    throw fieldError('gemini', 'contents', 'contents is not specified', request);
  }
  for (const [i, c] of contents.entries()) checkContent(api, c, i, request, '');
}

/**
 * A cache's contents are the start of every conversation that uses it, so each Content is checked as
 * a generate call checks it (the same role, parts and data rules and wording); a cache may have no
 * contents at all (a system instruction alone).
 */
export function checkCacheContents(api: Api, contents: readonly Content[] | undefined): void {
  for (const [i, c] of (contents ?? []).entries()) checkContent(api, c, i, 'CreateCachedContentRequest', 'cached_content.');
}

/** The real 400s of a conversation whose function calls and responses do not pair up (same text on both wires). */
export const TURN_MESSAGES = {
  callAfter: 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.',
  responseAfter: 'Please ensure that function response turn comes immediately after a function call turn.',
  responseCount: 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
} as const;

const count = (c: Content, key: 'functionCall' | 'functionResponse') => c.parts.filter((p) => p[key] !== undefined).length;
const isModel = (c: Content) => c.role === 'model';
/** Calls of a model turn still waiting for a response: a model turn may carry the results of server-side (MCP) tool calls itself. */
/** A model turn whose function call goes on in the next model turn (`willContinue`: streamed arguments sent back as they came). */
const continues = (c: Content | undefined) =>
  c !== undefined && isModel(c) && c.parts.some((p) => (p.functionCall as { willContinue?: unknown } | undefined)?.willContinue === true);
const pendingCalls = (c: Content | undefined) => (c && isModel(c) ? Math.max(0, count(c, 'functionCall') - count(c, 'functionResponse')) : 0);

/**
 * The function-calling history rules the real services apply (checked against their recorded
 * answers): a model turn that calls functions follows a user (or function response) turn; a turn of
 * function responses follows a turn whose calls wait for them, and answers each of them with one
 * functionResponse part. A user may also leave the calls unanswered and go on with a plain turn
 * (no functionResponse parts), a model turn may hold calls together with their responses and
 * text (server-side MCP tools), and a call streamed in pieces (`willContinue: true`) goes on in the
 * next model turn. With a cache, the conversation goes on from the cache's contents, so
 * the first turn is not checked against what precedes it.
 */
export function checkTurns(contents: readonly Content[], afterCache: boolean): void {
  contents.forEach((c, i) => {
    const prev = i > 0 ? (contents[i - 1] as Content) : undefined;
    const calls = isModel(c) ? count(c, 'functionCall') : 0;
    const responses = isModel(c) ? 0 : count(c, 'functionResponse');
    const waiting = pendingCalls(prev);
    if (calls > 0 && (prev ? isModel(prev) && !continues(prev) : !afterCache)) throw googleError('INVALID_ARGUMENT', TURN_MESSAGES.callAfter);
    if (responses > 0 && waiting === 0 && (prev !== undefined || !afterCache)) throw googleError('INVALID_ARGUMENT', TURN_MESSAGES.responseAfter);
    if (responses > 0 && waiting > 0 && responses !== waiting) throw googleError('INVALID_ARGUMENT', TURN_MESSAGES.responseCount);
  });
}
