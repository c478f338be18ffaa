import { checkRequired } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { loginOf, paged, param, repoOf, str, viewOf } from '../core/ops.js';
import { fullRef, refSha, resolveCommitish } from '../git/model.js';
import { webOf } from '../git/model/views.js';
import {
  assetKey,
  assetView,
  createRelease,
  deleteRelease,
  latestRelease,
  releaseById,
  releaseByTag,
  releaseIdsNewestFirst,
  releaseView,
  updateRelease,
} from './model.js';
import type { ReleaseRecord } from './state.js';
import { tableDelete, tableGet } from '../../../store/table.js';

/** Release operations: by id, by tag, latest, list (newest first), assets, generated notes. */

const DOCS = 'https://docs.github.com/rest/releases/releases';

const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

function found(rc: RelationContext, rec: ReleaseRecord | undefined, status = 200) {
  if (!rec) throw githubError.notFound(DOCS);
  return { status, body: releaseView(viewOf(rc), rec) };
}

/** The notes GitHub generates: the changes since the previous release (a link: the fake has no pull request list here). */
function notes(rc: RelationContext, tag: string, previous: string | undefined): Resource {
  const v = viewOf(rc);
  let prev = previous;
  if (prev === undefined) {
    for (const id of releaseIdsNewestFirst(rc.state, v.repo)) {
      const r = releaseById(rc.state, v.repo, id);
      if (r && !r.draft && r.tag_name !== tag) {
        prev = r.tag_name;
        break;
      }
    }
  }
  const link = prev ? `${webOf(v)}/compare/${prev}...${tag}` : `${webOf(v)}/commits/${tag}`;
  return { name: tag, body: `**Full Changelog**: ${link}` };
}

const listReleases: RelationOp = (rc) => {
  const v = viewOf(rc);
  const ids = releaseIdsNewestFirst(rc.state, v.repo);
  const out = paged(rc.op, ids);
  return { ...out, body: (out.body as number[]).map((id) => releaseView(v, releaseById(rc.state, v.repo, id) as ReleaseRecord)) };
};

const create: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const repo = repoOf(rc);
  const tag = str(op.body, 'tag_name');
  if (!tag) throw githubError.validation([{ resource: 'Release', code: 'missing_field', field: 'tag_name' }], DOCS);
  const generated = op.body.generate_release_notes === true ? notes(rc, tag, undefined) : undefined;
  const makeLatest = str(op.body, 'make_latest');
  const rec = createRelease(
    rc.state,
    repo,
    {
      tag_name: tag,
      ...(str(op.body, 'target_commitish') ? { target_commitish: str(op.body, 'target_commitish') as string } : {}),
      name: str(op.body, 'name') ?? (generated?.name as string | undefined) ?? null,
      body: str(op.body, 'body') ?? (generated?.body as string | undefined) ?? null,
      draft: bool(op.body.draft) ?? false,
      prerelease: bool(op.body.prerelease) ?? false,
      ...(makeLatest ? { make_latest: makeLatest } : {}),
      author: loginOf(op),
    },
    op,
  );
  const body = releaseView(viewOf(rc), rec);
  return { status: 201, body, headers: { location: body.url as string } };
};

const releaseId = (rc: RelationContext) => Number(param(rc.op, 'release_id'));

const getById: RelationOp = (rc) => found(rc, releaseById(rc.state, repoOf(rc), releaseId(rc)));
// A draft has no published tag: GitHub answers it by id only.
const getByTag: RelationOp = (rc) => {
  const rec = releaseByTag(rc.state, repoOf(rc), param(rc.op, 'tag'));
  return found(rc, rec && !rec.draft ? rec : undefined);
};
const getLatest: RelationOp = (rc) => found(rc, latestRelease(rc.state, repoOf(rc)));
const update: RelationOp = (rc) => found(rc, updateRelease(rc.state, repoOf(rc), releaseId(rc), rc.op.body, rc.op));
const remove: RelationOp = (rc) => {
  deleteRelease(rc.state, repoOf(rc), releaseId(rc));
  return { status: 204 };
};

const listAssets: RelationOp = (rc) => {
  const v = viewOf(rc);
  const id = releaseId(rc);
  if (!releaseById(rc.state, v.repo, id)) throw githubError.notFound(DOCS);
  const keys = (rc.state.releases.assets[id] ?? []).map((a) => assetKey(v.repo, a));
  const out = paged(rc.op, keys);
  return {
    ...out,
    body: (out.body as string[])
      .map((k) => tableGet(rc.state.catalog.records, k))
      .filter((a): a is Resource => a !== undefined)
      .map((a) => assetView(v, a)),
  };
};

function assetOf(rc: RelationContext): Resource {
  const rec = tableGet(rc.state.catalog.records, assetKey(repoOf(rc), param(rc.op, 'asset_id')));
  if (!rec) throw githubError.notFound('https://docs.github.com/rest/releases/assets');
  return rec;
}

const getAsset: RelationOp = (rc) => ({ status: 200, body: assetView(viewOf(rc), assetOf(rc)) });
const updateAsset: RelationOp = (rc) => {
  const rec = assetOf(rc);
  for (const f of ['name', 'label', 'state'] as const) if (typeof rc.op.body[f] === 'string') rec[f] = rc.op.body[f];
  rec.updated_at = rc.op.now;
  return { status: 200, body: assetView(viewOf(rc), rec) };
};
const deleteAsset: RelationOp = (rc) => {
  const rec = assetOf(rc);
  const id = rec.id as number;
  const repo = repoOf(rc);
  const rid = rc.state.releases.assetRelease[id];
  if (rid !== undefined) {
    const list = rc.state.releases.assets[rid] ?? [];
    const i = list.indexOf(id);
    if (i >= 0) list.splice(i, 1);
    delete rc.state.releases.assetRelease[id];
  }
  tableDelete(rc.state.catalog.records, assetKey(repo, id));
  return { status: 204 };
};

const generateNotes: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const tag = str(op.body, 'tag_name') ?? '';
  const target = str(op.body, 'target_commitish');
  // A new tag needs a target that exists; an existing tag ignores it.
  const repo = repoOf(rc);
  if (refSha(rc.state, repo, fullRef(`tags/${tag}`)) === undefined && target !== undefined && !resolveCommitish(rc.state, repo, target)) {
    throw githubError.notFound(DOCS);
  }
  return { status: 200, body: notes(rc, tag, str(op.body, 'previous_tag_name')) };
};

const R = '/repos/{owner}/{repo}/releases';

/** Release operations by `METHOD template`. */
export const RELEASE_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${R}`]: listReleases,
  [`POST ${R}`]: create,
  [`GET ${R}/{release_id}`]: getById,
  [`PATCH ${R}/{release_id}`]: update,
  [`DELETE ${R}/{release_id}`]: remove,
  [`GET ${R}/tags/{tag}`]: getByTag,
  [`GET ${R}/latest`]: getLatest,
  [`GET ${R}/{release_id}/assets`]: listAssets,
  [`GET ${R}/assets/{asset_id}`]: getAsset,
  [`PATCH ${R}/assets/{asset_id}`]: updateAsset,
  [`DELETE ${R}/assets/{asset_id}`]: deleteAsset,
  [`POST ${R}/generate-notes`]: generateNotes,
};
