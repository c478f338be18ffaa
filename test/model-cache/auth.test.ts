import { createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, contentsOfTokens, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes> | undefined;
afterEach(() => fakes?.uninstall());

const create = (ai: ReturnType<typeof vertexClient>, model = 'gemini-2.5-flash') => ai.caches.create({ model, config: { contents: contentsOfTokens(1024) } });

describe('model cache auth', () => {
  it('is lenient by default: any token works and the journal says unseeded, never the secret', async () => {
    fakes = createFakes().install();
    await create(vertexClient({ token: 'ya29.anything' }));
    const call = fakes.calls.at(-1);
    expect(call?.token).toBe('unseeded');
    expect(JSON.stringify(call?.headers)).not.toContain('ya29.anything');
  });

  it('strict mode answers 401 UNAUTHENTICATED with ErrorInfo for an unknown token', async () => {
    fakes = createFakes({ auth: 'strict' }).install();
    const e = await apiError(create(vertexClient({ token: 'nope' })));
    expect(e.status).toBe(401);
    expect(e.body.error.status).toBe('UNAUTHENTICATED');
    expect(e.body.error.message).toMatch(/^Request had invalid authentication credentials\./);
    expect(e.body.error.details?.[0]).toMatchObject({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'ACCESS_TOKEN_TYPE_UNSUPPORTED',
      domain: 'googleapis.com',
      metadata: { service: 'aiplatform.googleapis.com', method: 'google.cloud.aiplatform.v1beta1.GenAiCacheService.CreateCachedContent' },
    });
  });

  it('answers 401 CREDENTIALS_MISSING without an Authorization header', async () => {
    fakes = createFakes().install();
    const res = await fakes.fetch('https://us-central1-aiplatform.googleapis.com/v1/projects/p/locations/us-central1/cachedContents');
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { details: Array<{ reason: string }> } };
    expect(body.error.details[0]?.reason).toBe('CREDENTIALS_MISSING');
  });

  it('seeding a credential turns strict on; its label goes to the journal', async () => {
    fakes = createFakes().install();
    const token = fakes.modelCache.seed.credential({ token: 'ya29.ci', project: 'p', label: 'ci-bot' });
    await create(vertexClient({ token }));
    expect(fakes.calls.at(-1)?.token).toBe('ci-bot');
    const e = await apiError(create(vertexClient({ token: 'ya29.other' })));
    expect(e.status).toBe(401);
    expect(fakes.calls.at(-1)?.token).toBe('unseeded');
  });

  it('answers 403 PERMISSION_DENIED (IAM) for a token seeded for another project', async () => {
    fakes = createFakes().install();
    const token = fakes.modelCache.seed.credential({ token: 'ya29.p', project: 'p' });
    const e = await apiError(create(vertexClient({ token, project: 'q' })));
    expect(e.status).toBe(403);
    expect(e.body.error.status).toBe('PERMISSION_DENIED');
    expect(e.body.error.message).toBe(
      "Permission 'aiplatform.cachedContents.create' denied on resource '//aiplatform.googleapis.com/projects/q/locations/us-central1' (or it may not exist).",
    );
    expect(e.body.error.details?.[0]).toMatchObject({
      reason: 'IAM_PERMISSION_DENIED',
      metadata: { permission: 'aiplatform.cachedContents.create', resource: 'projects/q/locations/us-central1' },
    });
  });

  it('Gemini API: an unknown key in strict mode is 400 API_KEY_INVALID; keys bound to a project see only its caches', async () => {
    fakes = createFakes({ auth: 'strict' }).install();
    const e = await apiError(
      geminiClient('AIza-unknown')
        .caches.list()
        .then((p) => p.page),
    );
    expect(e.status).toBe(400);
    expect(e.body.error.message).toBe('API key not valid. Please pass a valid API key.');
    expect(e.body.error.details?.[0]).toMatchObject({ reason: 'API_KEY_INVALID', domain: 'googleapis.com' });

    const keyA = fakes.modelCache.seed.credential({ apiKey: 'AIza-a', project: 'a' });
    const keyB = fakes.modelCache.seed.credential({ apiKey: 'AIza-b', project: 'b' });
    const made = await geminiClient(keyA).caches.create({ model: 'gemini-2.5-flash', config: { contents: contentsOfTokens(1024) } });
    const other = await apiError(geminiClient(keyB).caches.get({ name: made.name as string }));
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('CachedContent not found (or permission denied)');
    expect((await geminiClient(keyA).caches.get({ name: made.name as string })).name).toBe(made.name);
  });

  it('Gemini API: accepts the key in ?key= too', async () => {
    fakes = createFakes().install();
    const res = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/cachedContents?key=AIza-q');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const none = await fakes.fetch('https://generativelanguage.googleapis.com/v1beta/cachedContents');
    expect(none.status).toBe(403);
  });
});
