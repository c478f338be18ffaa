// Raw wire helpers for the model cache tests: requests exactly as a client writes them (fakes.fetch),
// answers as status and parsed body, and the assertion that a refusal stored nothing.
import type { createFakes } from 'stuntdouble';
import { expect } from 'vitest';
import { contentsOfTokens } from './helpers.js';

type Fakes = ReturnType<typeof createFakes>;
/** A JSON object. */
export type Json = Record<string, unknown>;
/** An answer: status and parsed body. */
export interface Answer {
  status: number;
  body: { error?: { code: number; status: string; message: string; details?: Json[] } } & Json;
}

/** The fake clock's start in these tests. */
export const T0 = '2026-01-01T00:00:00Z';
/** Vertex AI's cachedContents collection (project p, us-central1). */
export const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents';
/** The Gemini API's cachedContents collection. */
export const GEMINI = 'https://generativelanguage.googleapis.com/v1beta/cachedContents';
/** A Vertex model name of project p. */
export const VMODEL = 'projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash';
/** Contents worth 1,100 tokens (over gemini-2.5-flash's minimum of 1,024). */
export const CONTENTS = contentsOfTokens(1100);

/** The URL of one cache (its full name) on its host. */
export const cacheUrl = (name: string) =>
  name.startsWith('projects/') ? `https://us-central1-aiplatform.googleapis.com/v1/${name}` : `https://generativelanguage.googleapis.com/v1beta/${name}`;

/** Wire calls against one fakes instance (read through `get`, so a `beforeEach` may replace it). */
export function wire(get: () => Fakes) {
  async function call(method: string, url: string, body?: unknown): Promise<Answer> {
    const gemini = url.includes('generativelanguage');
    const res = await get().fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(gemini ? { 'x-goog-api-key': 'AIza-k' } : { authorization: 'Bearer t' }) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Answer['body'] };
  }
  const api = {
    call,
    /** Create on Vertex with valid contents and model, plus `extra`. */
    create: (extra: Json = {}) => call('POST', VERTEX, { model: VMODEL, contents: CONTENTS, ...extra }),
    /** Create on the Gemini API with valid contents and model, plus `extra`. */
    createGemini: (extra: Json = {}) => call('POST', GEMINI, { model: 'models/gemini-2.5-flash', contents: CONTENTS, ...extra }),
    /** Create on either API. */
    createOn: (which: 'vertex' | 'gemini', extra: Json = {}) => (which === 'vertex' ? api.create(extra) : api.createGemini(extra)),
    /** A 200 answer's body. */
    async accepted(p: Promise<Answer>): Promise<Json> {
      const r = await p;
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    },
    /** A 400 INVALID_ARGUMENT in Google's envelope whose message contains `text` (or equals it, `exact`), that changed no state. */
    async refused(p: () => Promise<Answer>, text: string | RegExp, exact = false): Promise<Answer> {
      const before = get().snapshot();
      const r = await p();
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      if (exact) expect(r.body.error?.message).toBe(text);
      else if (typeof text === 'string') expect(r.body.error?.message).toContain(text);
      else expect(r.body.error?.message).toMatch(text);
      expect(get().snapshot()).toBe(before);
      return r;
    },
  };
  return api;
}
