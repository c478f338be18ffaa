import { describe, expect, it } from 'vitest';
import { createFakes } from '../create-fakes.js';
import { urlRebaser } from './rebase.js';

const SERVER = 'http://127.0.0.1:4010';
const rebase = urlRebaser({ codeHosting: ['https://api.github.com', `${SERVER}/github`], socialGraph: ['https://graph.facebook.com', `${SERVER}/graph`] });

describe('urlRebaser', () => {
  it('rewrites a seeded repository exactly as the fake renders it for a request on the server', async () => {
    const fakes = createFakes({ codeHosting: { baseUrls: ['https://api.github.com', `${SERVER}/github`] } });
    const seeded = fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    // The oracle: the fake's own answer to a request that came in on the server's base URL. Anonymous,
    // as a seed result has no caller: a repository's `permissions` are the caller's, left out for anonymous callers.
    const live = await fakes.handle({ method: 'GET', url: `${SERVER}/github/repos/octo/hello` });
    // Only this read of one repository carries `temp_clone_token` (as on GitHub); a seed result is the
    // repository shape of lists.
    delete (live.json as Record<string, unknown>).temp_clone_token;
    expect(rebase(seeded)).toEqual(live.json);
    expect(JSON.stringify(rebase(seeded))).not.toMatch(/github\.com/);
  });

  it('rewrites only at the start of a string and at a boundary; leaves other hosts and non-plain objects alone', () => {
    const input = {
      a: 'https://api.github.com/repos/x/y{/sha}',
      b: 'https://github.com.example.org/x',
      c: 'see https://api.github.com/x',
      d: 'git@github.com:octo/hello.git',
      e: 'git://github.com/octo/hello.git',
      f: ['https://import.github.com/octo/hello/import', 'https://codeload.github.com/octo/hello/legacy.tar.gz/main'],
      g: 'https://graph.facebook.com/v24.0/1234/feed?after=x',
      h: 'https://avatars.githubusercontent.com/u/1',
      i: new Date(0),
    };
    expect(rebase(input)).toEqual({
      a: `${SERVER}/github/repos/x/y{/sha}`,
      b: 'https://github.com.example.org/x',
      c: 'see https://api.github.com/x',
      d: 'git@127.0.0.1:4010:octo/hello.git',
      e: 'git://127.0.0.1:4010/octo/hello.git',
      f: [`${SERVER}/octo/hello/import`, `${SERVER}/_codeload/octo/hello/legacy.tar.gz/main`],
      g: `${SERVER}/graph/v24.0/1234/feed?after=x`,
      h: 'https://avatars.githubusercontent.com/u/1',
      i: input.i,
    });
    const untouched = { x: 'nothing to do', y: [1, 2] };
    expect(rebase(untouched)).toBe(untouched);
  });
});
