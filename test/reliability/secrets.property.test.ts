/**
 * Secrets: no token, API key, password or hook secret appears in the journal, in `describe()`, in an
 * error answer or in an error the SDK throws; the journal names callers by the label their credential
 * was seeded with. The generated property (suites/secrets.ts) runs here in-process and over HTTP in
 * server.property.test.ts; the SDK cases below are in-process only.
 */
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterAll, describe, expect, it } from 'vitest';
import { stats } from './harness.js';
import { defineSecretsProperties } from './suites/secrets.js';
import { inProcess } from './transport.js';

afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  console.log(`[reliability] secrets: ${stats.requests} requests carrying secrets`);
});

defineSecretsProperties(inProcess);

describe('through the real SDKs', () => {
  it('a seeded GitHub token is journaled by its label and appears in no thrown error', async () => {
    const fakes = createFakes({ auth: 'strict' }).install();
    try {
      const seed = (fakes.codeHosting as unknown as { seed?: { token?: (o: unknown) => string } }).seed;
      const token = seed?.token?.({ type: 'classic', scopes: ['repo'] }) ?? 'ghp_unseededButSecret000000000000000000';
      const octokit = new Octokit({ auth: token, request: { retries: 0 } });
      await octokit.request('GET /rate_limit').catch(() => undefined);
      const err = (await octokit.request('GET /repos/{owner}/{repo}', { owner: 'nobody', repo: 'nothing' }).catch((e: unknown) => e)) as Error & {
        response?: unknown;
        request?: unknown;
      };
      expect(err).toBeInstanceOf(Error);
      const thrown = `${err.message} ${err.stack} ${JSON.stringify(err.response)} ${JSON.stringify(err.request)}`;
      expect(thrown).not.toContain(token);
      expect(JSON.stringify(fakes.calls)).not.toContain(token);
      expect(fakes.describe()).not.toContain(token);
      for (const c of fakes.calls) expect(c.token === null || c.token === 'unseeded' || /^[\w:-]+$/.test(c.token)).toBe(true);
      if (seed?.token) expect(fakes.calls.last()?.token).not.toBe('unseeded');
    } finally {
      fakes.uninstall();
    }
  });

  it('a seeded Vertex token and Gemini API key are journaled by label and absent from ApiErrors', async () => {
    const fakes = createFakes().install();
    try {
      const token = fakes.modelCache.seed.credential({ token: 'ya29.S3cret-vertex-token', label: 'ci-bot' });
      const key = fakes.modelCache.seed.credential({ apiKey: 'AIzaS3cret-gemini-key', label: 'gemini-key' });
      const vertex = new GoogleGenAI({
        vertexai: true,
        project: 'p',
        location: 'us-central1',
        googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: `Bearer ${token}` }) } } as never,
      });
      const gemini = new GoogleGenAI({ apiKey: key });
      const errs = [
        await vertex.caches.get({ name: 'projects/p/locations/us-central1/cachedContents/404' }).catch((e: Error) => e),
        await gemini.caches.get({ name: 'cachedContents/404' }).catch((e: Error) => e),
        await new GoogleGenAI({ apiKey: 'AIzaS3cret-unknown-key' }).caches.list().catch((e: Error) => e),
      ];
      for (const e of errs) {
        expect(e).toBeInstanceOf(Error);
        const text = `${(e as Error).message} ${(e as Error).stack}`;
        for (const s of [token, key, 'AIzaS3cret-unknown-key']) expect(text).not.toContain(s);
      }
      const journal = JSON.stringify(fakes.calls);
      for (const s of [token, key, 'AIzaS3cret-unknown-key']) {
        expect(journal).not.toContain(s);
        expect(fakes.describe()).not.toContain(s);
      }
      expect(fakes.calls.map((c) => c.token)).toEqual(['ci-bot', 'gemini-key', 'unseeded']);
    } finally {
      fakes.uninstall();
    }
  });
});
