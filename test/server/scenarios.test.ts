/**
 * The same scenarios set over the admin API answer the same as in-process: the same requests sent to
 * `fakes.fetch` and to the server (URLs rebased) get the same statuses and bodies.
 */
import { type Fakes, createFakes, scenarios } from 'stuntdouble';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type ServerProcess, startServer } from './helpers.js';

const CLOCK = '2024-03-01T10:00:00Z';
let s: ServerProcess;
beforeAll(async () => {
  s = await startServer(['--clock', CLOCK]);
});
afterAll(async () => {
  expect(await s.stop()).toBe(0);
});
beforeEach(async () => {
  await s.admin('POST', 'reset');
});

interface Step {
  method: string;
  /** Path under the service base, e.g. `/repos/octo/hello/import`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  body: Json;
}

/** Sends the steps in-process (fakes.fetch on the real host) and to the server (its prefix); returns both answer lists. */
async function both(fakes: Fakes, realBase: string, prefix: string, steps: (h: Json) => Step[], hIn: Json, hOut: Json) {
  const send = async (f: typeof fetch, base: string, st: Step): Promise<Answer> => {
    const res = await f(`${base}${st.path}`, { method: st.method, headers: st.headers ?? {}, ...(st.body ? { body: st.body } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const inProcess: Answer[] = [];
  for (const st of steps(hIn)) inProcess.push(await send(fakes.fetch as typeof fetch, realBase, st));
  const overHttp: Answer[] = [];
  for (const st of steps(hOut)) overHttp.push(await send(fetch, `${s.url}${prefix}`, st));
  // Bodies name the base URL the request came in on: rebase the in-process answers to compare. Web
  // pages too: on github.com they live on github.com (imports on import.github.com), elsewhere on the API's origin.
  let text = JSON.stringify(inProcess).split(realBase).join(`${s.url}${prefix}`);
  for (const web of ['https://import.github.com', 'https://github.com']) text = text.split(web).join(s.url);
  const rebased = JSON.parse(text) as Answer[];
  return { inProcess: rebased, overHttp };
}

describe('scenarios over the admin API answer as in-process', () => {
  it('importNeedsAuth: same handles, same import answers before and after credentials', async () => {
    const options = { owner: 'octo', repo: 'hello' };
    const fakes = createFakes({ clock: CLOCK });
    const hIn = fakes.apply(scenarios.importNeedsAuth(options));
    const applied = await s.admin('POST', 'scenarios/importNeedsAuth', options);
    expect(applied.status).toBe(201);
    expect(applied.body.scenario).toBe('importNeedsAuth');
    const hOut = applied.body.handles;
    // The handles' URLs point at the server, as its live answers do.
    expect(hOut.import.url).toBe(`${s.url}/github/repos/octo/hello/import`);
    const rebased = JSON.stringify(hIn).split('https://api.github.com').join(`${s.url}/github`).split('https://import.github.com').join(s.url);
    expect(hOut).toEqual(JSON.parse(rebased));

    const auth = (h: Json) => ({ authorization: `token ${h.token}`, 'content-type': 'application/json' });
    const steps = (h: Json): Step[] => [
      { method: 'GET', path: `/repos/${h.owner}/${h.repo}/import`, headers: auth(h) },
      {
        method: 'PATCH',
        path: `/repos/${h.owner}/${h.repo}/import`,
        headers: auth(h),
        body: JSON.stringify({ vcs_username: 'octocat', vcs_password: 'wrong' }),
      },
      {
        method: 'PATCH',
        path: `/repos/${h.owner}/${h.repo}/import`,
        headers: auth(h),
        body: JSON.stringify({ vcs_username: 'octocat', vcs_password: 'secret' }),
      },
      { method: 'GET', path: `/repos/${h.owner}/${h.repo}/import`, headers: auth(h) },
      { method: 'GET', path: `/repos/${h.owner}/${h.repo}/import/authors`, headers: auth(h) },
    ];
    const { inProcess, overHttp } = await both(fakes, 'https://api.github.com', '/github', steps, hIn, hOut);
    expect(overHttp[0]?.body.status).toBe('detection_needs_auth');
    expect(overHttp).toEqual(inProcess);
    const journal = (await s.admin('GET', 'calls?service=codeHosting')).body as Json[];
    expect(journal.map((c) => c.status)).toEqual(inProcess.map((a) => a.status));
    expect(journal.map((c) => c.operation)).toEqual(fakes.calls.map((c) => c.operation));
  });

  it('audienceFlagged: same handles, same audience, ad set and refused-edit answers', async () => {
    const options = { fields: ['name', 'description'] as Array<'name' | 'description'> };
    const fakes = createFakes({ clock: CLOCK });
    const hIn = fakes.apply(scenarios.audienceFlagged(options));
    const applied = await s.admin('POST', 'scenarios/audienceFlagged', options);
    expect(applied.status).toBe(201);
    const hOut = applied.body.handles;
    expect(hOut).toEqual(JSON.parse(JSON.stringify(hIn)));

    const q = (h: Json, fields: string) => `?fields=${encodeURIComponent(fields)}&access_token=${encodeURIComponent(h.token)}`;
    const steps = (h: Json): Step[] => [
      { method: 'GET', path: `/v24.0/${h.audienceId}${q(h, 'name,operation_status,fields_violating_integrity_policy,delivery_status')}` },
      { method: 'GET', path: `/v24.0/${h.adSetId}${q(h, 'status,effective_status,issues_info')}` },
      {
        method: 'POST',
        path: `/v24.0/${h.audienceId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'Renamed', access_token: h.token }).toString(),
      },
      { method: 'GET', path: `/v24.0/${h.adAccountId}/customaudiences${q(h, 'name,operation_status')}` },
    ];
    const { inProcess, overHttp } = await both(fakes, 'https://graph.facebook.com', '/graph', steps, hIn, hOut);
    expect(overHttp[0]?.body.operation_status.code).toBe(471);
    expect(overHttp[1]?.body.effective_status).toBe('WITH_ISSUES');
    // fbtrace ids are per-request random-looking values; everything else is identical.
    const strip = (a: Answer[]) => JSON.parse(JSON.stringify(a).replace(/"fbtrace_id":"[^"]*"/g, '"fbtrace_id":"x"'));
    expect(strip(overHttp)).toEqual(strip(inProcess));
  });
});
