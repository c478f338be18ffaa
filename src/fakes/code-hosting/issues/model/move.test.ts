import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import { createFakes } from '../../../../create-fakes.js';
import type { CodeHostingState } from '../../state.js';
import { moveRepositoryIssues } from './move.js';
import { tableDelete, tableEntries, tableGet, tableSet } from '../../../../store/table.js';

// A repository rename as the repositories model performs it (records re-keyed under the new path),
// followed by moveRepositoryIssues: lists, filters and lookups answer under the new path.

const AUTH = { headers: { authorization: 'token x' } };

describe('moveRepositoryIssues', () => {
  it('moves the indexes with a renamed repository; pull heads in it follow', async () => {
    const fakes = createFakes({ clock: '2024-01-10T00:00:00Z' });
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello' });
    fakes.codeHosting.seed.issue({ owner: 'octo', repo: 'hello', title: 'Bug', labels: ['bug'], comments: ['hi'] });
    fakes.codeHosting.seed.pullRequest({ owner: 'octo', repo: 'hello', head: 'feature' });
    const snap = fakes.snapshot();
    const from = '/repos/octo/hello';
    const to = '/repos/octo/world';
    const next = produce(snap.codeHosting as CodeHostingState, (d) => {
      const id = d.repoIndex['octo/hello'] as number;
      (d.repos[id] as { name: string }).name = 'world';
      d.repoIndex['octo/world'] = id;
      delete d.repoIndex['octo/hello'];
      for (const key of [...tableEntries(d.catalog.records)].map(([k]) => k)) {
        if (!key.startsWith(`${from}/`)) continue;
        tableSet(d.catalog.records, `${to}${key.slice(from.length)}`, tableGet(d.catalog.records, key) as Record<string, unknown>);
        tableDelete(d.catalog.records, key);
      }
      moveRepositoryIssues(d, from, to, { baseUrl: 'https://api.github.com', now: '2024-01-10T00:00:00Z' });
    });
    fakes.restore({ ...snap, codeHosting: next } as typeof snap);
    const get = async (path: string) => (await fakes.fetch(`https://api.github.com${path}`, AUTH)).json();
    expect((await get('/repos/octo/world/issues?labels=bug')).map((i: { number: number }) => i.number)).toEqual([1]);
    const pulls = await get('/repos/octo/world/pulls?head=octo:feature');
    expect(pulls.map((p: { number: number; head: { repo: { full_name: string } } }) => [p.number, p.head.repo.full_name])).toEqual([[2, 'octo/world']]);
    const comments = await get('/repos/octo/world/issues/1/comments');
    expect(comments.map((c: { body: string }) => c.body)).toEqual(['hi']);
    expect(fakes.state.codeHosting.issueIndex.repos[from]).toBeUndefined();
  });
});
