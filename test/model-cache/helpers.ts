import { ApiError, GoogleGenAI } from '@google/genai';
import { expect } from 'vitest';

/** A Vertex-mode client with a stub auth client (no metadata server, no real credentials). */
export function vertexClient(opts: { project?: string; location?: string; token?: string; apiVersion?: string } = {}): GoogleGenAI {
  const token = opts.token ?? 'test';
  return new GoogleGenAI({
    vertexai: true,
    project: opts.project ?? 'p',
    location: opts.location ?? 'us-central1',
    ...(opts.apiVersion ? { apiVersion: opts.apiVersion } : {}),
    googleAuthOptions: {
      authClient: { getRequestHeaders: async () => new Headers({ authorization: `Bearer ${token}` }) },
    } as never,
  });
}

/** A Gemini API client. */
export function geminiClient(apiKey = 'AIza-test', apiVersion?: string): GoogleGenAI {
  return new GoogleGenAI({ apiKey, ...(apiVersion ? { apiVersion } : {}) });
}

/** Text long enough for `n` tokens under the documented rule (4 characters per token). */
export const textOfTokens = (n: number) => 'abcd'.repeat(n);

/** Contents worth `n` tokens. */
export const contentsOfTokens = (n: number) => [{ role: 'user', parts: [{ text: textOfTokens(n) }] }];

/** Awaits a rejection and returns the SDK's ApiError with its parsed body. */
export async function apiError(
  p: Promise<unknown>,
): Promise<{ status: number; body: { error: { code: number; message: string; status: string; details?: Array<Record<string, unknown>> } } }> {
  const err = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const e = err as ApiError;
  return { status: e.status, body: JSON.parse(e.message) };
}

/** Asserts a 400 INVALID_ARGUMENT that names a field. */
export async function expectFieldError(p: Promise<unknown>, field: string, text?: RegExp): Promise<void> {
  const { status, body } = await apiError(p);
  expect(status).toBe(400);
  expect(body.error.status).toBe('INVALID_ARGUMENT');
  expect(body.error.message).toContain(field);
  if (text) expect(body.error.message).toMatch(text);
}
