import { createFakes } from 'stuntdouble';
import { describe, expect, it } from 'vitest';

// GitHub reads every request body as JSON, whatever its Content-Type: `curl -d '{"title":"x"}'` sends
// it as application/x-www-form-urlencoded and GitHub takes it; a form body (`title=x`) is answered
// 400 "Problems parsing JSON" (https://docs.github.com/rest/using-the-rest-api/troubleshooting-the-rest-api).

const API = 'https://api.github.com';
const FORM = { authorization: 'token ghp_lenient', 'content-type': 'application/x-www-form-urlencoded' };

describe('request bodies as GitHub reads them', () => {
  const setUp = () => {
    const fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    return fakes;
  };

  it('a form-encoded body is not JSON: 400 Problems parsing JSON, and nothing is created', async () => {
    const fakes = setUp();
    for (const [method, path, body] of [
      ['POST', '/repos/octo/hello/issues', 'title=hi'],
      ['POST', '/repos/octo/hello/labels', 'name=bug&color=f00'],
      ['PUT', '/repos/octo/hello/import', 'vcs=git&vcs_url=https://example.com/a.git'],
    ] as const) {
      const res = await fakes.fetch(`${API}${path}`, { method, headers: FORM, body });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Problems parsing JSON' });
    }
    const issues = await fakes.fetch(`${API}/repos/octo/hello/issues?state=all`, { headers: { authorization: 'token ghp_lenient' } });
    expect(await issues.json()).toEqual([]);
  });

  it('JSON sent with a form Content-Type (curl -d) is read as JSON', async () => {
    const fakes = setUp();
    const res = await fakes.fetch(`${API}/repos/octo/hello/issues`, { method: 'POST', headers: FORM, body: '{"title":"from curl"}' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: 'from curl', state: 'open' });
    const imp = await fakes.fetch(`${API}/repos/octo/hello/import`, {
      method: 'PUT',
      headers: FORM,
      body: '{"vcs":"git","vcs_url":"https://example.com/a.git"}',
    });
    expect(imp.status).toBe(201);
  });
});
