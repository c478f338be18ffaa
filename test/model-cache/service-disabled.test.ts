// seed.credential({ serviceDisabled: true }): the 403 a project with the API turned off answers, in the
// form the real hosts write it (recorded by googleapis/js-genai's system tests), through @google/genai.
import { createFakes } from 'stuntdouble';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiError, geminiClient, vertexClient } from './helpers.js';

let fakes: ReturnType<typeof createFakes>;
beforeEach(() => {
  fakes = createFakes().install();
});
afterEach(() => fakes.uninstall());

it.each([
  ['gemini', 'Generative Language API', 'generativelanguage.googleapis.com'],
  ['vertex', 'Vertex AI API', 'aiplatform.googleapis.com'],
] as const)('%s: every call with a key of a project whose API is off answers 403 SERVICE_DISABLED', async (api, title, service) => {
  const secret =
    api === 'gemini'
      ? fakes.modelCache.seed.credential({ apiKey: 'AIza-off', project: '506861237456', serviceDisabled: true })
      : fakes.modelCache.seed.credential({ token: 'ya29.off', project: '506861237456', serviceDisabled: true });
  const ai = api === 'gemini' ? geminiClient(secret) : vertexClient({ project: '506861237456', token: secret });
  const e = await apiError(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' }));
  expect(e.status).toBe(403);
  expect(e.body.error.status).toBe('PERMISSION_DENIED');
  expect(e.body.error.message).toBe(
    `${title} has not been used in project 506861237456 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${service}/overview?project=506861237456 then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
  );
  expect(e.body.error.details?.[0]).toMatchObject({
    reason: 'SERVICE_DISABLED',
    metadata: { service, serviceTitle: title, consumer: 'projects/506861237456' },
  });
  // Cache calls too: the whole API is off.
  expect((await apiError(ai.caches.list())).status).toBe(403);
});
