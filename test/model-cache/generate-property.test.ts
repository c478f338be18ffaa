// Property: whatever body reaches generateContent, streamGenerateContent or countTokens on either wire,
// the answer is a 200 of the documented shape or Google's error envelope (never a 5xx), and a refused
// request writes nothing.
import fc from 'fast-check';
import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

const VERTEX = 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash';
const GEMINI = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash';
const METHODS = [':generateContent', ':streamGenerateContent?alt=sse', ':streamGenerateContent', ':countTokens'];

type Json = unknown;
/** A valid request: with a cache, or (without one) with the tools and toolConfig a cache would hold. */
const valid = (cache: string | undefined): Record<string, Json> => ({
  contents: [
    { role: 'user', parts: [{ text: 'hello' }] },
    { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
    { role: 'user', parts: [{ functionResponse: { name: 'f', response: { ok: 1 } } }] },
  ],
  generationConfig: { temperature: 0.5 },
  ...(cache !== undefined
    ? { cachedContent: cache }
    : {
        tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['a'] } }] }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] } },
      }),
});

// Paths into a valid body where a fuzzed value is put (or the key removed).
const PATHS: ReadonlyArray<ReadonlyArray<string | number>> = [
  [],
  ['contents'],
  ['contents', 0],
  ['contents', 0, 'role'],
  ['contents', 0, 'parts'],
  ['contents', 0, 'parts', 0],
  ['contents', 0, 'parts', 0, 'text'],
  ['contents', 1, 'parts', 0, 'functionCall'],
  ['contents', 1, 'parts', 0, 'functionCall', 'args'],
  ['contents', 2, 'parts', 0, 'functionResponse'],
  ['contents', 2, 'parts', 0, 'functionResponse', 'name'],
  ['contents', 2, 'parts', 0, 'functionResponse', 'response'],
  ['contents', 2, 'parts', 0, 'inlineData'],
  ['contents', 0, 'parts', 0, 'videoMetadata'],
  ['contents', 2, 'parts'],
  ['tools'],
  ['tools', 0, 'functionDeclarations', 0, 'name'],
  ['tools', 0, 'functionDeclarations', 0, 'parameters'],
  ['tools', 0, 'functionDeclarations', 0, 'parameters', 'required'],
  ['toolConfig', 'functionCallingConfig', 'mode'],
  ['generationConfig'],
  ['cachedContent'],
  ['systemInstruction'],
  ['generateContentRequest'],
  ['instances'],
];

function put(body: Record<string, Json>, path: ReadonlyArray<string | number>, value: Json, remove: boolean): Json {
  if (path.length === 0) return value;
  let cur = body as Record<string | number, Json>;
  for (const seg of path.slice(0, -1)) {
    const next = cur[seg];
    if (next === null || typeof next !== 'object') return body;
    cur = next as Record<string | number, Json>;
  }
  const last = path[path.length - 1] as string | number;
  if (remove) delete cur[last];
  else cur[last] = value;
  return body;
}

interface Answer {
  error?: { code: number; status: string; message: string; details?: Array<Record<string, unknown>> };
  candidates?: unknown[];
  totalTokens?: number;
}

describe('generate routes (property)', () => {
  it("answer 200 of the documented shape or Google's envelope, never a 5xx; a refused request writes nothing", async () => {
    const fakes = createFakes({ clock: '2026-01-01T00:00:00Z' });
    const vertexCache = fakes.modelCache.seed.cachedContent({}).name;
    const geminiCache = fakes.modelCache.seed.cachedContent({ api: 'gemini' }).name;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('vertex', 'gemini'),
        fc.constantFrom(...METHODS),
        fc.constantFrom(...PATHS),
        fc.oneof(
          { arbitrary: fc.constant(null), weight: 3 },
          { arbitrary: fc.constantFrom('', 'x', -1, 1.5, true, [], {}, [{}], [{ parts: [] }], 'cachedContents/nope'), weight: 2 },
          { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
        ),
        // Remove the key instead, now and then.
        fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        fc.boolean(),
        // Mostly a fuzzed JSON body; sometimes raw text that is not JSON at all.
        fc.oneof({ arbitrary: fc.constant(null), weight: 9 }, { arbitrary: fc.string({ maxLength: 30 }), weight: 1 }),
        async (api, method, path, value, remove, withCache, raw) => {
          const body = valid(withCache ? (api === 'vertex' ? vertexCache : geminiCache) : undefined);
          const payload = raw ?? JSON.stringify(put(body, path, value, remove));
          const url = `${api === 'vertex' ? VERTEX : GEMINI}${method}`;
          const headers: Record<string, string> = api === 'vertex' ? { authorization: 'Bearer t' } : { 'x-goog-api-key': 'k' };
          const before = fakes.snapshot();
          const res = await fakes.fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: payload });
          const text = await res.text();
          expect(res.status, `${url} ${payload}\n${text}`).toBeLessThan(500);
          if (res.status !== 200) {
            const answer = JSON.parse(text) as Answer;
            expect(Object.keys(answer)).toEqual(['error']);
            expect(answer.error).toMatchObject({ code: res.status, status: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
            for (const d of answer.error?.details ?? []) expect(d['@type']).toMatch(/^type\.googleapis\.com\/google\.rpc\./);
            expect(fakes.snapshot()).toBe(before);
            return;
          }
          if (method === ':countTokens') expect((JSON.parse(text) as Answer).totalTokens).toEqual(expect.any(Number));
          else if (method.endsWith('alt=sse')) expect(text).toMatch(/^(data: \{.*\}\r\n\r\n)+$/s);
          else {
            const parsed = JSON.parse(text) as Answer | Answer[];
            for (const chunk of Array.isArray(parsed) ? parsed : [parsed]) expect(chunk.candidates).toHaveLength(1);
          }
        },
      ),
      { numRuns: 500, seed: 20 },
    );
  });
});
