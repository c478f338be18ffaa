import { nextId } from '../../../store/ids.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { fullRef, refSha, resolveCommitish, setRef } from '../git/model.js';
import { apiOf, encPath, nodeId, webOf } from '../git/model/views.js';
import type { View } from '../core/family.js';
import type { RelationRepo } from '../core/family.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import type { ReleaseRecord } from './state.js';

/**
 * Releases and their assets. A release is stored once, as the catalog record
 * `<repo>/releases/<id>`, an asset as `<repo>/releases/assets/<id>`; beside them, indexes keyed by
 * repository id (a rename keeps them): tag → release, releases by creation time, assets by release.
 * Publishing a release whose tag does not exist creates `refs/tags/<tag>` at `target_commitish`.
 */

/** The catalog key of a release. */
export const releaseKey = (repo: RelationRepo, id: number | string) => `${repo.path}/releases/${id}`;
/** The catalog key of an asset. */
export const assetKey = (repo: RelationRepo, id: number | string) => `${repo.path}/releases/assets/${id}`;
const tagKey = (repo: RelationRepo, tag: string) => `${repo.record.id}:${tag}`;

/** A release by id, or undefined. */
export function releaseById(state: CodeHostingState, repo: RelationRepo, id: number | string): ReleaseRecord | undefined {
  const r = tableGet(state.catalog.records, releaseKey(repo, id)) as ReleaseRecord | undefined;
  return r && typeof r.tag_name === 'string' ? r : undefined;
}

/** The release of a tag, or undefined. */
export function releaseByTag(state: CodeHostingState, repo: RelationRepo, tag: string): ReleaseRecord | undefined {
  const id = state.releases.byTag[tagKey(repo, tag)];
  return id === undefined ? undefined : releaseById(state, repo, id);
}

/** Release ids of a repository, newest `created_at` first. */
export function releaseIdsNewestFirst(state: CodeHostingState, repo: RelationRepo): number[] {
  return [...(state.releases.order[repo.record.id] ?? [])].reverse();
}

/** The latest release: the newest published, non-prerelease release not marked `make_latest: 'false'`. */
export function latestRelease(state: CodeHostingState, repo: RelationRepo): ReleaseRecord | undefined {
  const ids = state.releases.order[repo.record.id] ?? [];
  for (let i = ids.length - 1; i >= 0; i--) {
    const r = releaseById(state, repo, ids[i] as number);
    if (r && !r.draft && !r.prerelease && r.make_latest !== 'false') return r;
  }
  return undefined;
}

function orderIndex(state: CodeHostingState, ids: readonly number[], repo: RelationRepo, rec: ReleaseRecord): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = releaseById(state, repo, ids[mid] as number);
    const before = other ? other.created_at < rec.created_at || (other.created_at === rec.created_at && other.id < rec.id) : true;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Creates the tag of a published release when it does not exist yet (at `target_commitish`). */
function ensureTag(state: CodeHostingState, repo: RelationRepo, rec: ReleaseRecord, env: { baseUrl: string; now: string }): void {
  if (rec.draft) return;
  const ref = fullRef(`tags/${rec.tag_name}`);
  if (refSha(state, repo, ref) !== undefined) return;
  const sha = resolveCommitish(state, repo, rec.target_commitish);
  if (!sha)
    throw githubError.validation([{ resource: 'Release', code: 'invalid', field: 'target_commitish' }], 'https://docs.github.com/rest/releases/releases');
  setRef(state, repo, ref, sha, env);
}

/** What creating a release takes. */
export interface NewRelease {
  id?: number;
  tag_name: string;
  target_commitish?: string;
  name?: string | null;
  body?: string | null;
  draft?: boolean;
  prerelease?: boolean;
  make_latest?: string;
  created_at?: string;
  author: string;
}

/** Stores a release and indexes it; creates its tag when published. 422 when the tag has a release. */
export function createRelease(state: CodeHostingState, repo: RelationRepo, input: NewRelease, env: { baseUrl: string; now: string }): ReleaseRecord {
  if (releaseByTag(state, repo, input.tag_name)) {
    throw githubError.validation([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }], 'https://docs.github.com/rest/releases/releases');
  }
  const id = input.id ?? nextId(state.counters, 'catalog', 1000);
  const at = input.created_at ?? env.now;
  const rec: ReleaseRecord = {
    id,
    tag_name: input.tag_name,
    target_commitish: input.target_commitish ?? repo.defaultBranch,
    name: input.name ?? null,
    body: input.body ?? null,
    draft: input.draft ?? false,
    prerelease: input.prerelease ?? false,
    ...(input.make_latest ? { make_latest: input.make_latest } : {}),
    created_at: at,
    published_at: input.draft ? null : at,
    updated_at: env.now,
    author: input.author,
  };
  if (releaseById(state, repo, id)) throw githubError.validation([{ resource: 'Release', code: 'already_exists', field: 'id' }]);
  ensureTag(state, repo, rec, env);
  tableSet(state.catalog.records, releaseKey(repo, id), rec);
  state.releases.byTag[tagKey(repo, rec.tag_name)] = id;
  const ids = state.releases.order[repo.record.id] ?? [];
  ids.splice(orderIndex(state, ids, repo, rec), 0, id);
  state.releases.order[repo.record.id] = ids;
  return tableGet(state.catalog.records, releaseKey(repo, id)) as ReleaseRecord;
}

/** Changes a release (tag, text, draft/prerelease, make_latest); publishing creates its tag. */
export function updateRelease(state: CodeHostingState, repo: RelationRepo, id: number, patch: Resource, env: { baseUrl: string; now: string }): ReleaseRecord {
  const rec = releaseById(state, repo, id);
  if (!rec) throw githubError.notFound('https://docs.github.com/rest/releases/releases');
  const tag = typeof patch.tag_name === 'string' && patch.tag_name ? patch.tag_name : rec.tag_name;
  if (tag !== rec.tag_name) {
    if (releaseByTag(state, repo, tag)) throw githubError.validation([{ resource: 'Release', code: 'already_exists', field: 'tag_name' }]);
    delete state.releases.byTag[tagKey(repo, rec.tag_name)];
    state.releases.byTag[tagKey(repo, tag)] = id;
    rec.tag_name = tag;
  }
  for (const f of ['target_commitish', 'name', 'body', 'make_latest'] as const) if (typeof patch[f] === 'string') rec[f] = patch[f] as string;
  if (typeof patch.prerelease === 'boolean') rec.prerelease = patch.prerelease;
  if (typeof patch.draft === 'boolean') {
    if (rec.draft && !patch.draft) rec.published_at = env.now;
    if (patch.draft) rec.published_at = null;
    rec.draft = patch.draft;
  }
  rec.updated_at = env.now;
  ensureTag(state, repo, rec, env);
  return rec;
}

/** Removes a release, its assets and its index entries (its tag stays, as on GitHub). */
export function deleteRelease(state: CodeHostingState, repo: RelationRepo, id: number): void {
  const rec = releaseById(state, repo, id);
  if (!rec) throw githubError.notFound('https://docs.github.com/rest/releases/releases');
  const ids = state.releases.order[repo.record.id] ?? [];
  const i = orderIndex(state, ids, repo, rec);
  if (ids[i] === id) ids.splice(i, 1);
  for (const a of state.releases.assets[id] ?? []) {
    tableDelete(state.catalog.records, assetKey(repo, a));
    delete state.releases.assetRelease[a];
  }
  delete state.releases.assets[id];
  delete state.releases.byTag[tagKey(repo, rec.tag_name)];
  tableDelete(state.catalog.records, releaseKey(repo, id));
}

/** What adding an asset takes. */
export interface NewAsset {
  name: string;
  label?: string | null;
  content_type?: string;
  size: number;
  digest?: string | null;
  uploader: string;
}

/** Stores an asset of a release. */
export function addAsset(state: CodeHostingState, repo: RelationRepo, releaseId: number, a: NewAsset, env: { now: string }): Resource {
  const id = nextId(state.counters, 'catalog', 1000);
  const rec: Resource = {
    id,
    name: a.name,
    label: a.label ?? null,
    content_type: a.content_type ?? 'application/octet-stream',
    size: a.size,
    digest: a.digest ?? null,
    state: 'uploaded',
    download_count: 0,
    created_at: env.now,
    updated_at: env.now,
    uploader: a.uploader,
  };
  tableSet(state.catalog.records, assetKey(repo, id), rec);
  const list = state.releases.assets[releaseId];
  if (list) list.push(id);
  else state.releases.assets[releaseId] = [id];
  state.releases.assetRelease[id] = releaseId;
  return rec;
}

/** GitHub's release-asset JSON. */
export function assetView(v: View, rec: Resource): Resource {
  const rid = v.state.releases.assetRelease[rec.id as number];
  const release = rid === undefined ? undefined : releaseById(v.state, v.repo, rid);
  const tag = release?.tag_name ?? 'untagged';
  return {
    ...rec,
    url: `${apiOf(v)}/releases/assets/${rec.id}`,
    node_id: nodeId('ReleaseAsset', v, String(rec.id)),
    browser_download_url: `${webOf(v)}/releases/download/${encPath(tag)}/${encodeURIComponent(String(rec.name))}`,
    uploader: typeof rec.uploader === 'string' ? { login: rec.uploader } : (rec.uploader ?? null),
  };
}

/** GitHub's release JSON (the renderer adds `upload_url` and the author's user fields). */
export function releaseView(v: View, rec: ReleaseRecord): Resource {
  const assets = (v.state.releases.assets[rec.id] ?? [])
    .map((a) => tableGet(v.state.catalog.records, assetKey(v.repo, a)))
    .filter((a): a is Resource => a !== undefined)
    .map((a) => assetView(v, a));
  const tag = encodeURIComponent(rec.tag_name);
  return {
    url: `${apiOf(v)}/releases/${rec.id}`,
    html_url: `${webOf(v)}/releases/tag/${tag}`,
    assets_url: `${apiOf(v)}/releases/${rec.id}/assets`,
    tarball_url: `${apiOf(v)}/tarball/${tag}`,
    zipball_url: `${apiOf(v)}/zipball/${tag}`,
    id: rec.id,
    node_id: nodeId('Release', v, String(rec.id)),
    tag_name: rec.tag_name,
    target_commitish: rec.target_commitish,
    name: rec.name,
    body: rec.body,
    draft: rec.draft,
    prerelease: rec.prerelease,
    created_at: rec.created_at,
    published_at: rec.published_at,
    updated_at: rec.updated_at,
    author: { login: rec.author },
    assets,
  };
}
