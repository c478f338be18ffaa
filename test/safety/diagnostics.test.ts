import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes } from 'stuntdouble';
import 'stuntdouble/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from './helpers.js';

describe('diagnostics name the closest route and the likely cause, in the journal and in what the client sees', () => {
  it('a GitHub Enterprise Server path sent to the api.github.com base: closest route ignores the prefix, cause says so', async () => {
    const fakes = createFakes({ guard: false });
    const res = await fakes.fetch('https://api.github.com/api/v3/repos/octo/hello/import');
    expect(res.status).toBe(404);
    const note = fakes.unmatched.last()?.note ?? '';
    expect(note).toMatch(/Closest: GET \/repos\/\{owner\}\/\{repo\}\/import;/);
    expect(note).toMatch(
      /Likely cause: the path starts with '\/api\/v3' \(a GitHub Enterprise Server prefix\), which the base URL https:\/\/api\.github\.com does not have/,
    );
    expect(res.headers.get('x-stuntdouble-note')).toBe(note);
  });

  it('a typo in a path: the closest route is the look-alike, not the last call', async () => {
    const fakes = createFakes({ guard: false });
    await fakes.fetch('https://api.github.com/rate_limit');
    await fakes.fetch('https://api.github.com/repos/octo/hello/imprt');
    expect(fakes.unmatched.last()?.note).toMatch(/Closest: (GET|PUT|PATCH|DELETE) \/repos\/\{owner\}\/\{repo\}\/import/);
  });

  it('a GHES host missing from baseUrls: the refusal says which base URL to add', async () => {
    const fakes = createFakes().install();
    try {
      const err = await new Octokit({ baseUrl: 'https://ghe.example.com/api/v3', request: { retries: 0 } }).request('GET /rate_limit').catch((e: unknown) => e);
      expect(messages(err)).toMatch(
        /GET https:\/\/ghe\.example\.com\/api\/v3\/rate_limit matched no fake and was refused.*It looks like a GitHub REST request on a host no fake serves: to fake it, add 'https:\/\/ghe\.example\.com\/api\/v3' to createFakes\(\{ codeHosting: \{ baseUrls/,
      );
    } finally {
      fakes.uninstall();
    }
  });

  it('a 401 under strict auth says the token was never seeded', async () => {
    const fakes = createFakes({ auth: 'strict', guard: false });
    const res = await fakes.fetch('https://api.github.com/user', { headers: { authorization: 'token ghp_never_seeded' } });
    expect(res.status).toBe(401);
    const note = fakes.calls.last()?.note ?? '';
    expect(note).toMatch(/401 because this token was never seeded.*fakes\.codeHosting\.seed\.token\(\)/);
    expect(res.headers.get('x-stuntdouble-note')).toBe(note);
  });

  it('toHaveReceived shows the call that agrees most with the expectation, not the last one', async () => {
    const fakes = createFakes({ guard: false });
    const post = (n: number) =>
      fakes.fetch('https://api.github.com/user/repos', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `r${n}`, private: n === 1 }),
      });
    await post(1);
    await post(2);
    let message = '';
    try {
      expect(fakes).toHaveReceived('POST /user/repos', { body: { name: 'r1', private: true }, status: 201 });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/closest recorded call is #1 /);
  });
});

const vertexAuth = { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer ya29.t' }) } } as never;

describe('a request no route answers: the diagnosis is in the error the SDK throws', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("Octokit: a typo in a path shows the route it missed in error.message; a resource's own 404 keeps GitHub's message", async () => {
    const fakes = createFakes({ guard: false }).install();
    try {
      const octokit = new Octokit({ auth: 'ghp_t', request: { retries: 0 } });
      const err = (await octokit.request('GET /repos/{owner}/{repo}/isues', { owner: 'o', repo: 'r' }).catch((e: unknown) => e)) as {
        status: number;
        message: string;
        response: { data: { message: string; documentation_url: string } };
      };
      expect(err.status).toBe(404);
      expect(err.message).toMatch(/^Not Found \(stuntdouble: no route GET \/repos\/o\/r\/isues; closest: GET \/repos\/\{owner\}\/\{repo\}\/issues[,)]/);
      expect(err.message).toMatch(/ - https:\/\/docs\.github\.com\/rest$/);
      expect(err.response.data.documentation_url).toBe('https://docs.github.com/rest');
      expect(fakes.unmatched.last()?.note).toMatch(/Closest: GET \/repos\/\{owner\}\/\{repo\}\/issues/);
      // Matched a route, answered GitHub's own 404: the message is GitHub's, untouched.
      const real = await octokit.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' }).catch((e: Error) => e);
      expect((real as Error).message).toBe('Not Found - https://docs.github.com/rest');
    } finally {
      fakes.uninstall();
    }
  });

  it('facebook-nodejs-business-sdk: the FacebookRequestError message names the closest route', async () => {
    const fakes = createFakes({ guard: false }).install();
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the SDK ships no types.
      const api = (bizSdk as any).FacebookAdsApi.init('tok', 'en_US', false);
      const err = (await api.call('DELETE', ['me', 'feed', 'extra']).catch((e: unknown) => e)) as { name: string; message: string };
      expect(err.name).toBe('FacebookRequestError');
      expect(err.message).toMatch(/^\(#\d+\) .*\(stuntdouble: no route DELETE \/me\/feed\/extra; closest: [A-Z]+ \/\{/);
      expect(err.message).toContain(fakes.unmatched.last()?.note?.match(/Closest: ([^;.]+)/)?.[1] ?? 'missing');
    } finally {
      fakes.uninstall();
    }
  });

  it('@google/genai with GOOGLE_GENAI_USE_VERTEXAI=true and an API key (express mode): the Gemini-shaped path on the Vertex AI host is explained, in fakes.unmatched and in the thrown error', async () => {
    vi.stubEnv('GOOGLE_GENAI_USE_VERTEXAI', 'true');
    const fakes = createFakes({ guard: false }).install();
    try {
      const ai = new GoogleGenAI({ apiKey: 'AIza-t' });
      const err = (await ai.caches.list().catch((e: unknown) => e)) as Error;
      expect(err.message).toContain(
        'Method not found. (stuntdouble: no route GET /v1beta1/cachedContents; closest: GET /v1beta1/projects/{project}/locations/{location}/cachedContents',
      );
      expect(err.message).toMatch(
        /likely cause: a Gemini API path \(no \/projects\/\{project\}\/locations\/\{location\}\) on the Vertex AI host https:\/\/aiplatform\.googleapis\.com: GOOGLE_GENAI_USE_VERTEXAI=true with an API key and no project and location/,
      );
      const u = fakes.unmatched.last();
      expect(u).toMatchObject({ operation: 'unmatched', route: null, url: 'https://aiplatform.googleapis.com/v1beta1/cachedContents' });
      expect(u?.note).toMatch(/Likely cause: a Gemini API path .* Vertex AI express mode/);
    } finally {
      fakes.uninstall();
    }
  });

  it('@google/genai built for Vertex AI but pointed at the Gemini API host: the thrown error says so', async () => {
    const fakes = createFakes({ guard: false }).install();
    try {
      const ai = new GoogleGenAI({
        vertexai: true,
        project: 'p',
        location: 'us-central1',
        httpOptions: { baseUrl: 'https://generativelanguage.googleapis.com' },
        googleAuthOptions: vertexAuth,
      });
      const err = (await ai.caches
        .create({ model: 'gemini-2.5-flash', config: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] } })
        .catch((e: unknown) => e)) as Error;
      expect(err.message).toMatch(
        /Method not found\. \(stuntdouble: no route POST \/v1beta1\/projects\/p\/locations\/us-central1\/cachedContents; closest: .*\/v1(beta)?\/cachedContents/,
      );
      expect(err.message).toMatch(
        /likely cause: a Vertex AI path on the Gemini API host: the client was built for Vertex AI but sent to https:\/\/generativelanguage\.googleapis\.com/,
      );
      expect(fakes.unmatched.last()?.note).toMatch(/Likely cause: a Vertex AI path on the Gemini API host/);
      expect(fakes.calls.where({ operation: 'cachedContents/create' }).count()).toBe(0);
    } finally {
      fakes.uninstall();
    }
  });
});
