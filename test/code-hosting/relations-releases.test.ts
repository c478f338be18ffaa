import type { Octokit } from '@octokit/rest';
import { type Fakes, UnknownNameError } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks } from './relations-links.js';
import { R, repoWorld } from './repo-world.js';

// A release is one object seen by id, by tag, as `latest` and in the list; its tag is a ref of the
// git graph; its assets are listed on it and readable by id.

describe('releases, tags and assets', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    ({ fakes, octokit } = repoWorld());
  });
  afterEach(() => fakes.uninstall());

  it('createRelease with a new tag creates the tag at target_commitish; readable by id, by tag, as latest', async () => {
    const head = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'ready' }).sha;
    const created = await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.0.0', name: 'One', body: 'First' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ tag_name: 'v1.0.0', target_commitish: 'main', name: 'One', body: 'First', draft: false, prerelease: false });
    expect(created.data.author.login).toBe('octocat');

    const ref = await octokit.rest.git.getRef({ ...R, ref: 'tags/v1.0.0' });
    expect(ref.data.object.sha).toBe(head);
    const tags = await octokit.rest.repos.listTags(R);
    expect(tags.data.map((t) => [t.name, t.commit.sha])).toEqual([['v1.0.0', head]]);

    const byId = await octokit.rest.repos.getRelease({ ...R, release_id: created.data.id });
    const byTag = await octokit.rest.repos.getReleaseByTag({ ...R, tag: 'v1.0.0' });
    const latest = await octokit.rest.repos.getLatestRelease(R);
    for (const r of [byId.data, byTag.data, latest.data]) {
      expect(r).toMatchObject({ id: created.data.id, tag_name: 'v1.0.0', name: 'One', url: created.data.url, created_at: created.data.created_at });
    }
    expect(await brokenLinks(octokit, [created.data, tags.data])).toEqual([]);
  });

  it('latest is the newest published non-prerelease; drafts have no tag until published', async () => {
    const one = await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.0.0' });
    fakes.clock.advance('1d');
    const two = await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.1.0' });
    fakes.clock.advance('1d');
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v2.0.0-rc.1', prerelease: true });
    fakes.clock.advance('1d');
    const draft = await octokit.rest.repos.createRelease({ ...R, tag_name: 'v2.0.0', draft: true });
    expect((await octokit.rest.repos.getLatestRelease(R)).data.id).toBe(two.data.id);
    const list = await octokit.rest.repos.listReleases(R);
    expect(list.data.map((r) => r.tag_name)).toEqual(['v2.0.0', 'v2.0.0-rc.1', 'v1.1.0', 'v1.0.0']);

    // A draft: readable by id, not by tag, no tag ref yet.
    await expect(octokit.rest.repos.getReleaseByTag({ ...R, tag: 'v2.0.0' })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.git.getRef({ ...R, ref: 'tags/v2.0.0' })).rejects.toMatchObject({ status: 404 });
    expect(draft.data.published_at).toBeNull();
    const published = await octokit.rest.repos.updateRelease({ ...R, release_id: draft.data.id, draft: false });
    expect(published.data.published_at).toBe(new Date(fakes.clock.nowMs()).toISOString());
    expect((await octokit.rest.git.getRef({ ...R, ref: 'tags/v2.0.0' })).status).toBe(200);
    expect((await octokit.rest.repos.getLatestRelease(R)).data.tag_name).toBe('v2.0.0');

    // Renaming the tag moves the by-tag index; deleting removes the release (its tag stays).
    await octokit.rest.repos.updateRelease({ ...R, release_id: one.data.id, tag_name: 'v1.0.1' });
    await expect(octokit.rest.repos.getReleaseByTag({ ...R, tag: 'v1.0.0' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.repos.getReleaseByTag({ ...R, tag: 'v1.0.1' })).data.id).toBe(one.data.id);
    await octokit.rest.repos.deleteRelease({ ...R, release_id: two.data.id });
    await expect(octokit.rest.repos.getRelease({ ...R, release_id: two.data.id })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.repos.getReleaseByTag({ ...R, tag: 'v1.1.0' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.git.getRef({ ...R, ref: 'tags/v1.1.0' })).status).toBe(200);
    expect((await octokit.rest.repos.listReleases(R)).data.map((r) => r.tag_name)).toEqual(['v2.0.0', 'v2.0.0-rc.1', 'v1.0.1']);
  });

  it('no release: latest answers 404; a taken tag and a target that names nothing answer 422', async () => {
    await expect(octokit.rest.repos.getLatestRelease(R)).rejects.toMatchObject({ status: 404 });
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1' });
    await expect(octokit.rest.repos.createRelease({ ...R, tag_name: 'v1' })).rejects.toMatchObject({
      status: 422,
      response: { data: { errors: [{ resource: 'Release', code: 'already_exists', field: 'tag_name' }] } },
    });
    await expect(octokit.rest.repos.createRelease({ ...R, tag_name: 'v2', target_commitish: 'nope' })).rejects.toMatchObject({ status: 422 });
    await expect(octokit.rest.repos.createRelease({ owner: 'octo', repo: 'missing', tag_name: 'v1' })).rejects.toMatchObject({ status: 404 });
  });

  it('an existing tag is used as it is; target_commitish can name a branch or a commit', async () => {
    const old = fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': '1' }, message: 'old' }).sha;
    await octokit.rest.git.createRef({ ...R, ref: 'refs/tags/v0.1.0', sha: old });
    fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': '2' }, message: 'new' });
    const dev = fakes.codeHosting.seed.commit({ ...R, branch: 'dev', files: { 'b.txt': 'b' }, message: 'dev' }).sha;
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v0.1.0' });
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v0.2.0-dev', target_commitish: 'dev' });
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v0.0.9', target_commitish: old });
    expect((await octokit.rest.git.getRef({ ...R, ref: 'tags/v0.1.0' })).data.object.sha).toBe(old);
    expect((await octokit.rest.git.getRef({ ...R, ref: 'tags/v0.2.0-dev' })).data.object.sha).toBe(dev);
    expect((await octokit.rest.git.getRef({ ...R, ref: 'tags/v0.0.9' })).data.object.sha).toBe(old);
  });

  it('assets: listed on the release, readable by id, updated and deleted', async () => {
    const seeded = fakes.codeHosting.seed.release({
      ...R,
      tag: 'v1.0.0',
      name: 'One',
      assets: [
        { name: 'app.zip', content: 'zip-bytes', contentType: 'application/zip' },
        { name: 'app.tar.gz', size: 2048, label: 'Tarball' },
      ],
    });
    const id = seeded.id as number;
    const release = await octokit.rest.repos.getRelease({ ...R, release_id: id });
    expect(release.data.assets.map((a) => [a.name, a.size, a.content_type, a.label])).toEqual([
      ['app.zip', 9, 'application/zip', null],
      ['app.tar.gz', 2048, 'application/octet-stream', 'Tarball'],
    ]);
    const listed = await octokit.rest.repos.listReleaseAssets({ ...R, release_id: id });
    expect(listed.data.map((a) => a.id)).toEqual(release.data.assets.map((a) => a.id));
    const first = release.data.assets[0] as { id: number };
    const asset = await octokit.rest.repos.getReleaseAsset({ ...R, asset_id: first.id });
    expect(asset.data).toEqual(release.data.assets[0]);
    expect(asset.data.browser_download_url).toBe('https://github.com/octo/hello/releases/download/v1.0.0/app.zip');
    expect(await brokenLinks(octokit, [release.data, listed.data])).toEqual([]);
    const updated = await octokit.rest.repos.updateReleaseAsset({ ...R, asset_id: first.id, label: 'Zip' });
    expect(updated.data.label).toBe('Zip');
    expect((await octokit.rest.repos.getRelease({ ...R, release_id: id })).data.assets[0]?.label).toBe('Zip');
    await octokit.rest.repos.deleteReleaseAsset({ ...R, asset_id: first.id });
    await expect(octokit.rest.repos.getReleaseAsset({ ...R, asset_id: first.id })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.repos.listReleaseAssets({ ...R, release_id: id })).data.map((a) => a.name)).toEqual(['app.tar.gz']);
    await expect(octokit.rest.repos.listReleaseAssets({ ...R, release_id: 999999 })).rejects.toMatchObject({ status: 404 });
  });

  it('seeds: seed.release (createdAt orders latest), seed.resource by tag; typos name the nearest option', async () => {
    fakes.codeHosting.seed.release({ ...R, tag: 'v2.0.0', createdAt: '2024-01-01T00:00:00Z' });
    fakes.codeHosting.seed.release({ ...R, tag: 'v1.0.0', createdAt: '2023-01-01T00:00:00Z' });
    expect((await octokit.rest.repos.getLatestRelease(R)).data.tag_name).toBe('v2.0.0');
    // Seeded now (the fake clock): the newest.
    fakes.codeHosting.seed.resource('/repos/octo/hello/releases/tags/v0.5.0', { name: 'Half' });
    expect((await octokit.rest.repos.getLatestRelease(R)).data.tag_name).toBe('v0.5.0');
    expect((await octokit.rest.repos.getReleaseByTag({ ...R, tag: 'v0.5.0' })).data.name).toBe('Half');
    expect((await octokit.rest.repos.listReleases(R)).data.map((r) => r.tag_name)).toEqual(['v0.5.0', 'v2.0.0', 'v1.0.0']);
    expect(() => fakes.codeHosting.seed.release({ ...R, tag: 'v3', prerelase: true } as never)).toThrow(UnknownNameError);
    expect(() => fakes.codeHosting.seed.release({ ...R, tag: 'v3', prerelase: true } as never)).toThrow(/prerelease/);
  });

  it('generate-notes: the changes since the previous release', async () => {
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.0.0' });
    const notes = await octokit.rest.repos.generateReleaseNotes({ ...R, tag_name: 'v1.1.0', target_commitish: 'main' });
    expect(notes.data).toEqual({ name: 'v1.1.0', body: '**Full Changelog**: https://github.com/octo/hello/compare/v1.0.0...v1.1.0' });
    const first = await octokit.rest.repos.generateReleaseNotes({ ...R, tag_name: 'v1.0.0', previous_tag_name: 'v0.9.0' });
    expect(first.data.body).toBe('**Full Changelog**: https://github.com/octo/hello/compare/v0.9.0...v1.0.0');
    const generated = await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.1.0', generate_release_notes: true });
    expect(generated.data.name).toBe('v1.1.0');
    expect(generated.data.body).toBe(notes.data.body);
  });
});
