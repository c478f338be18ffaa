/**
 * Limits hold: oversized inline content to the model cache gets the real error, bodies far above any
 * real payload (100 MB) are refused in the service's own envelope without being parsed or kept, and
 * JSON nested deeper than real parsers accept is answered as unparseable instead of overflowing the stack.
 */
import { ApiError, GoogleGenAI } from '@google/genai';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICES, envelopeProblem, sameExceptBookkeeping } from './harness.js';

const MB = 1024 * 1024;

function vertex(): GoogleGenAI {
  return new GoogleGenAI({
    vertexai: true,
    project: 'p',
    location: 'us-central1',
    googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer t' }) } } as never,
  });
}

const URLS = {
  codeHosting: 'https://api.github.com/user/repos',
  socialGraph: 'https://graph.facebook.com/v24.0/me/feed',
  modelCache: 'https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents',
} as const;

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe('limits', () => {
  it('inline content over 10 MB to the model cache gets the real 400 and creates nothing', async () => {
    const fakes = createFakes().install();
    try {
      const before = fakes.snapshot();
      const text = 'x'.repeat(10 * MB + 16);
      const err = await vertex()
        .caches.create({ model: 'gemini-2.5-flash', config: { contents: [{ role: 'user', parts: [{ text }] }] } })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(400);
      expect(JSON.parse((err as ApiError).message).error).toMatchObject({
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'Request payload size exceeds the limit: 10485760 bytes.',
      });
      expect(sameExceptBookkeeping(before, fakes.snapshot())).toBe(true);
    } finally {
      fakes.uninstall();
    }
  });

  it.each(SERVICES)('%s: a 100 MB body is refused in the service envelope, not parsed, not journaled, state untouched', async (service) => {
    const fakes = createFakes();
    const before = fakes.snapshot();
    const huge = new Uint8Array(100 * MB).fill(0x61);
    huge[0] = 0x22;
    huge[huge.length - 1] = 0x22; // a valid JSON string: the refusal must not depend on a parse error
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < 3; i++) {
      const res = await fakes.handle({
        method: 'POST',
        url: URLS[service],
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        body: huge,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(envelopeProblem(service, res)).toBeUndefined();
      expect(res.call.error).toBeUndefined();
      expect(res.call.tags).toContain('too-large');
      expect(res.call.body).toBeUndefined();
    }
    expect(sameExceptBookkeeping(before, fakes.snapshot())).toBe(true);
    // Nothing of the three bodies was decoded into strings or kept: far less than one body's worth of heap.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * MB);
  });

  it('a 100 MB body through nock and the real fetch gets an answer, not a crash', { timeout: 60_000 }, async () => {
    const fakes = createFakes().install();
    try {
      const res = await fetch(URLS.modelCache, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        body: new Uint8Array(100 * MB).fill(0x20),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 400, message: `Request payload size exceeds the limit: ${32 * MB} bytes.`, status: 'INVALID_ARGUMENT' },
      });
      expect(fakes.calls.last()?.tags).toContain('too-large');
    } finally {
      fakes.uninstall();
    }
  });

  it.each(SERVICES)('%s: JSON nested 100,000 deep answers the service invalid-JSON error, never a stack overflow', async (service) => {
    const fakes = createFakes();
    const before = fakes.snapshot();
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const body = `${open.repeat(100_000)}1${close.repeat(100_000)}`;
      const res = await fakes.handle({ method: 'POST', url: URLS[service], headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body });
      expect(res.call.error).toBeUndefined();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(envelopeProblem(service, res)).toBeUndefined();
      if (service === 'modelCache') expect((res.json as { error: { message: string } }).error.message).toMatch(/^Invalid JSON payload received/);
      if (service === 'codeHosting' && fakes.routes(service).includes('POST /user/repos'))
        expect((res.json as { message: string }).message).toBe('Problems parsing JSON');
    }
    expect(sameExceptBookkeeping(before, fakes.snapshot())).toBe(true);
  });
});
