// npm run demo: what a test sees. Drives all three fakes with their real SDKs and prints the answers
// and the journal, as a failing test would show it.
import { GoogleGenAI } from '@google/genai';
import { Octokit } from '@octokit/rest';
import bizSdk from 'facebook-nodejs-business-sdk';
import { createFakes, scenarios } from 'stuntdouble';

const { FacebookAdsApi, CustomAudience, AdSet } = bizSdk;
// GitHub retired the source import API on 2024-04-12; on a clock past that the fake answers 410 as
// GitHub does. `importsRetireAt: false` keeps it open, as for a test of code written against it.
const fakes = createFakes({ clock: '2025-09-02T00:00:00Z', codeHosting: { importsRetireAt: false } }).install();

// 1. GitHub: a source import, polled to completion.
console.log('— code hosting (Octokit)');
fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
const octokit = new Octokit({ auth: 'ghp_demo', request: { retries: 0 } });
const repo = { owner: 'octo', repo: 'hello' };
const started = await octokit.request('PUT /repos/{owner}/{repo}/import', { ...repo, vcs: 'git', vcs_url: 'https://git.example.com/hello.git' });
console.log('PUT  /repos/octo/hello/import →', started.status, started.data.status, started.headers.location);
let status = started.data.status;
while (status !== 'complete') {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', repo);
  status = data.status;
  console.log('GET  /repos/octo/hello/import →', status, data.percent ?? data.push_percent ?? '');
}
const bad = await octokit.request('PUT /repos/{owner}/{repo}/import', { ...repo, vcs: 'cvs', vcs_url: 'x' }).catch((e) => e);
console.log('bad vcs →', bad.status, bad.message);

// 2. Graph: a flagged custom audience and what it does to its ad set.
console.log('\n— social graph (facebook-nodejs-business-sdk)');
const { audienceId, adSetId, token } = fakes.apply(scenarios.audienceFlagged({ fields: ['name'] }));
FacebookAdsApi.init(token, 'en_US', false);
const audience = await new CustomAudience(audienceId).get(['name', 'operation_status']);
console.log('audience', audienceId, audience._data.operation_status);
const adSet = await new AdSet(adSetId).get(['effective_status']);
console.log('ad set', adSetId, adSet._data.effective_status);
const refused = await new CustomAudience(audienceId).update([], { description: 'same name' }).catch((e) => e);
console.log('edit that keeps the flagged name →', refused.response.code, refused.response.error_subcode, refused.message);

// 3. Vertex AI: a cached content that expires on the fake clock.
console.log('\n— model cache (@google/genai, Vertex mode)');
const ai = new GoogleGenAI({
  vertexai: true,
  project: 'demo',
  location: 'us-central1',
  googleAuthOptions: { authClient: { getRequestHeaders: async () => new Headers({ authorization: 'Bearer demo' }) } },
});
const cache = await ai.caches.create({
  model: 'gemini-2.5-flash',
  config: { contents: [{ role: 'user', parts: [{ text: 'a'.repeat(5000) }] }], ttl: '600s', displayName: 'demo' },
});
console.log('created', cache.name, 'expires', cache.expireTime, 'tokens', cache.usageMetadata?.totalTokenCount);
fakes.clock.advance('11m');
const gone = await ai.caches.get({ name: cache.name }).catch((e) => e);
console.log('after 11 minutes →', gone.status, JSON.parse(gone.message).error.status);

console.log('\n— fakes.describe()');
console.log(fakes.describe());
fakes.uninstall();
