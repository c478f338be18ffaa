// Load order 3: the fakes are installed before nock is first imported (a setup file installs, then a
// test file imports nock). nock 14, loading, disposes and re-applies the interception layer the
// direct transport set up; http/https must keep one patch, every call style working, nock's scopes
// answering, and nock must work as if we were never there after uninstall().
import { createRequire } from 'node:module';
import https from 'node:https';
import { Octokit } from '@octokit/rest';
import { createFakes } from 'stuntdouble';
import { afterAll, describe, expect, it } from 'vitest';
import { besideNock, CALL_STYLES, everyCallStyle, FAKE_RATE_LIMIT, FAKED_OPTIONS, FAKED_URLS, sameForEveryStyle, THEIR_URLS } from './beside-nock.js';

// The premise: nothing has loaded nock yet (a CommonJS nock 14 would sit in require's cache; nock 15
// is ESM-only and leaves no trace there, so on that leg the check holds trivially).
const nockLoadedBefore = Object.keys(createRequire(import.meta.url).cache).some((k) => /[\\/]node_modules[\\/]nock[\\/]/.test(k));
// onUnhandledRequest 'bypass': other hosts are left to nock's own rules (with 'error' ours refuse first).
const early = createFakes({ transport: 'direct', guard: false, onUnhandledRequest: 'bypass', ...FAKED_OPTIONS }).install();
const { default: nock } = await import('nock');

const octokit = (baseUrl?: string) => new Octokit({ auth: 'ghp_t', ...(baseUrl ? { baseUrl } : {}), request: { retries: 0 } });
const theirs = { status: 200, text: '{"theirs":true}' };

describe('fakes installed before nock is first imported', () => {
  it('nock was not loaded before the fakes were installed', () => {
    expect(nockLoadedBefore).toBe(false);
  });

  afterAll(() => {
    if (early.installed) early.uninstall();
  });

  it("every http/https call style reaches the fake for a faked host and the program's nock scope for another", async () => {
    for (const href of THEIR_URLS) nock(new URL(href).origin).persist().get('/x').reply(200, { theirs: true });
    const before = early.calls.count();
    expect(await everyCallStyle([...FAKED_URLS, ...THEIR_URLS])).toEqual(
      sameForEveryStyle({ [FAKED_URLS[0]]: FAKE_RATE_LIMIT, [FAKED_URLS[1]]: FAKE_RATE_LIMIT, [THEIR_URLS[0]]: theirs, [THEIR_URLS[1]]: theirs }),
    );
    expect(early.calls.count() - before).toBe(2 * CALL_STYLES.length);
  });

  it('fetch and Octokit: the fake for a faked host, the nock scope for another', async () => {
    nock('https://theirs.example').persist().get('/x').reply(200, { theirs: true }).get('/rate_limit').reply(200, { resources: 'theirs' });
    expect(await (await fetch('https://theirs.example/x')).json()).toEqual({ theirs: true });
    expect((await octokit('https://theirs.example').request('GET /rate_limit')).data).toEqual({ resources: 'theirs' });
    expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
    expect((await octokit().request('GET /rate_limit')).data).toHaveProperty('resources.core');
  });

  it('nock.disableNetConnect() refuses other hosts through every client; the faked hosts are still answered', async () => {
    nock.disableNetConnect();
    const refused = await new Promise<unknown>((resolve) => {
      https.get('https://elsewhere.example/x', () => resolve('answered')).on('error', resolve);
    });
    expect(String((refused as Error).message)).toMatch(/Disallowed net connect/);
    const err = await fetch('https://elsewhere.example/x').catch((e: unknown) => e);
    expect(String((err as Error).cause ?? err)).toMatch(/Disallowed net connect/);
    expect(await everyCallStyle(FAKED_URLS)).toEqual(sameForEveryStyle({ [FAKED_URLS[0]]: FAKE_RATE_LIMIT, [FAKED_URLS[1]]: FAKE_RATE_LIMIT }));
    expect((await fetch(FAKED_URLS[0])).status).toBe(200);
    expect((await fetch(FAKED_URLS[1])).status).toBe(200);
    expect((await octokit().request('GET /rate_limit')).status).toBe(200);
  });

  it('uninstall() and a fresh install() still answer every call style', async () => {
    early.uninstall();
    const again = createFakes({ transport: 'direct', guard: false, ...FAKED_OPTIONS }).install();
    try {
      expect(await everyCallStyle(FAKED_URLS)).toEqual(sameForEveryStyle({ [FAKED_URLS[0]]: FAKE_RATE_LIMIT, [FAKED_URLS[1]]: FAKE_RATE_LIMIT }));
    } finally {
      again.uninstall();
    }
  });

  it('after uninstall() nock answers every call style for the hosts we faked, and refuses with disableNetConnect', async () => {
    for (const href of FAKED_URLS) nock(new URL(href).origin).persist().get(new URL(href).pathname).reply(200, { plain: 'nock' });
    const plain = { status: 200, text: '{"plain":"nock"}' };
    expect(await everyCallStyle(FAKED_URLS)).toEqual(sameForEveryStyle({ [FAKED_URLS[0]]: plain, [FAKED_URLS[1]]: plain }));
    expect(await (await fetch(FAKED_URLS[0])).json()).toEqual({ plain: 'nock' });
    nock.cleanAll();
    nock.disableNetConnect();
    const err = await fetch(FAKED_URLS[0]).catch((e: unknown) => e);
    expect(String((err as Error).cause ?? err)).toMatch(/Disallowed net connect/);
  });
});

besideNock('fakes installed before nock was first imported', nock, createFakes);
