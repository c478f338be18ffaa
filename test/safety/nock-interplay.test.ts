import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { createFakes } from 'stuntdouble';
import { afterEach, describe, expect, it } from 'vitest';
import { httpGet, messages, watchSockets } from './helpers.js';

// nock.cleanAll as it was before stuntdouble wrapped it: what a copy taken at import time calls.
const rawCleanAll = nock.cleanAll;

const octokit = () => new Octokit({ auth: 'ghp_test', request: { retries: 0 } });

afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  if (!nock.isActive()) nock.activate();
});

describe('living beside a suite that uses nock itself', () => {
  it("nock.cleanAll() in the user's afterEach does not silently remove the fakes: installed stays true and true", async () => {
    const fakes = createFakes().install();
    try {
      nock('https://mine.example').get('/x').reply(200, 'mine');
      nock.cleanAll();
      expect(fakes.installed).toBe(true);
      expect((await octokit().request('GET /rate_limit')).status).toBe(200);
      expect(fakes.calls.count()).toBe(1);
      // the user's interceptors are gone, as cleanAll() promises
      expect(nock.activeMocks().some((m) => m.includes('mine.example'))).toBe(false);
    } finally {
      fakes.uninstall();
    }
  });

  it("a user's interceptor for a faked host, added after install(), takes precedence; other paths still reach the fake", async () => {
    const fakes = createFakes().install();
    try {
      const scope = nock('https://api.github.com').get('/rate_limit').reply(200, { mine: true });
      expect((await octokit().request('GET /rate_limit')).data).toEqual({ mine: true });
      expect(scope.isDone()).toBe(true);
      expect(fakes.calls.count()).toBe(0);
      // used up: the next call reaches the fake again
      expect((await octokit().request('GET /rate_limit')).data).toHaveProperty('resources');
      expect(fakes.calls.count()).toBe(1);
    } finally {
      fakes.uninstall();
    }
  });

  it('nock.restore() while installed takes effect at uninstall(): no request to a faked host leaves the process meanwhile', async () => {
    const sockets = watchSockets();
    const fakes = createFakes().install();
    try {
      nock.restore();
      expect(fakes.installed).toBe(true);
      expect((await httpGet('https://api.github.com/rate_limit')).status).toBe(200);
      const res = await octokit().request('GET /rate_limit');
      expect(res.status).toBe(200);
    } finally {
      fakes.uninstall();
      sockets.stop();
    }
    expect(nock.isActive()).toBe(false);
    expect(sockets.count()).toBe(0);
  });

  it("removing the fakes' interceptors behind their back is detected: the request is refused, reported, and they are put back (transport 'nock')", async () => {
    const sockets = watchSockets();
    // Only the nock transport keeps interceptors in nock (the direct one has none to remove).
    const fakes = createFakes({ transport: 'nock' }).install();
    try {
      rawCleanAll();
      const err = await fetch('https://api.github.com/rate_limit').catch((e: unknown) => e);
      expect(messages(err)).toMatch(/reached nock after the fakes' interceptors were removed/);
      expect(fakes.errors.at(-1)).toMatchObject({ source: 'fake' });
      expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
      expect(sockets.count()).toBe(0);
    } finally {
      expect(() => fakes.uninstall()).toThrow(/interceptors were removed/);
      sockets.stop();
    }
  });
});
