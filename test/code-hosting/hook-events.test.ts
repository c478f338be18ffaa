import { emitterEventNames } from '@octokit/webhooks';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Hook event names are checked when a hook is created or updated, against the events GitHub sends
// (the names @octokit/webhooks knows).

const kit = () => new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
const R = { owner: 'octo', repo: 'hello' };
const config = { url: 'http://127.0.0.1:9/hook', content_type: 'json' as const };
type HttpError = { status: number; response: { data: { message: string; errors?: Array<Record<string, unknown>> } } };
const failure = async (p: Promise<unknown>): Promise<HttpError> => {
  try {
    await p;
  } catch (e) {
    return e as HttpError;
  }
  throw new Error('expected the call to fail');
};

describe('webhook event names', () => {
  let fakes: Fakes;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo(R);
  });
  afterEach(() => fakes.uninstall());

  it('accepts every event GitHub sends', async () => {
    const names = [...new Set(emitterEventNames.map((n) => n.split('.')[0] as string))];
    const res = await kit().rest.repos.createWebhook({ ...R, config, events: names });
    expect(res.status).toBe(201);
    expect(res.data.events.sort()).toEqual(names.sort());
  });

  it('answers 422 Validation Failed for an unknown event name, on create and on update', async () => {
    const e = await failure(kit().rest.repos.createWebhook({ ...R, config, events: ['push', 'pushh'] }));
    expect(e.status).toBe(422);
    expect(e.response.data.message).toBe('Validation Failed');
    expect(e.response.data.errors?.[0]).toMatchObject({ resource: 'Hook', field: 'events', code: 'invalid' });
    expect(fakes.codeHosting.deliveries).toHaveLength(0);
    const hook = await kit().rest.repos.createWebhook({ ...R, config, events: ['push'] });
    const u = await failure(kit().rest.repos.updateWebhook({ ...R, hook_id: hook.data.id, add_events: ['not_an_event'] }));
    expect(u.status).toBe(422);
    expect((await kit().rest.repos.getWebhook({ ...R, hook_id: hook.data.id })).data.events).toEqual(['push']);
  });

  it('accepts RepositoryImportEvent as repository_import; the import delivers to that hook', async () => {
    const hook = await kit().rest.repos.createWebhook({ ...R, config, events: ['RepositoryImportEvent'] });
    expect(hook.data.events).toEqual(['repository_import']);
    await kit().request('PUT /repos/{owner}/{repo}/import', { ...R, vcs: 'git', vcs_url: 'https://example.com/a.git' });
    for (let i = 0; i < 10; i++) if ((await kit().request('GET /repos/{owner}/{repo}/import', R)).data.status === 'complete') break;
    await fakes.flush();
    const d = fakes.codeHosting.deliveries.filter((x) => x.event === 'repository_import');
    expect(d.map((x) => [x.hookId, x.payload.status])).toEqual([[hook.data.id, 'success']]);
  });

  it('seed.hook names the nearest valid event for a typo', () => {
    expect(() => fakes.codeHosting.seed.hook({ ...R, url: config.url, events: ['pushh'] })).toThrow('did you mean "push"');
    expect(() => fakes.codeHosting.seed.hook({ ...R, url: config.url, events: ['PUSHH'] })).toThrow('did you mean "push"');
    expect(fakes.codeHosting.seed.hook({ ...R, url: config.url, events: ['RepositoryImportEvent'] }).events).toEqual(['repository_import']);
  });
});
