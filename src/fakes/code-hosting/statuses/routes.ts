import { checkRequired } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { loginOf, paged, pagedWrapped, param, repoOf, str, viewOf } from '../core/ops.js';
import { commitOrFail } from '../git/model.js';
import { apiOf } from '../git/model/views.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { STATUS_DOCS, combinedState, createStatus, latestByContext, statusView, statusesNewestFirst } from './model.js';

/** Commit status operations: create, list for a ref (newest first), the combined status of a ref. */

/** The commit of the request's `{ref}`; 422 `No commit found for SHA` when it names none. */
const refCommit = (rc: RelationContext): string => commitOrFail(rc.state, repoOf(rc), param(rc.op, 'ref'), STATUS_DOCS);

const create: RelationOp = (rc) => {
  const { op } = rc;
  checkRequired(op.row, op.body);
  const rec = createStatus(
    rc.state,
    repoOf(rc),
    param(op, 'sha'),
    {
      state: str(op.body, 'state') ?? '',
      context: str(op.body, 'context'),
      description: str(op.body, 'description') ?? null,
      target_url: str(op.body, 'target_url') ?? null,
      creator: loginOf(op),
    },
    op,
  );
  const body = statusView(viewOf(rc), rec);
  return { status: 201, body, headers: { location: body.url as string } };
};

const listForRef: RelationOp = (rc) => {
  const v = viewOf(rc);
  return paged(
    rc.op,
    statusesNewestFirst(rc.state, v.repo, refCommit(rc)).map((s) => statusView(v, s)),
  );
};

const combined: RelationOp = (rc) => {
  const v = viewOf(rc);
  const sha = refCommit(rc);
  const latest = latestByContext(rc.state, v.repo, sha);
  // `{ total_count, statuses }` for the request's page, with its Link header; GitHub's fields around it.
  const page = pagedWrapped(rc.op, 'statuses', latest, (s) => statusView(v, s));
  return {
    ...page,
    body: {
      state: combinedState(latest),
      ...(page.body as Resource),
      sha,
      commit_url: `${apiOf(v)}/commits/${sha}`,
      url: `${apiOf(v)}/commits/${sha}/status`,
    },
  };
};

const R = '/repos/{owner}/{repo}';

/** Commit status operations by `METHOD template`. */
export const STATUS_OPS: Readonly<Record<string, RelationOp>> = {
  [`POST ${R}/statuses/{sha}`]: create,
  [`GET ${R}/commits/{ref}/statuses`]: listForRef,
  [`GET ${R}/commits/{ref}/status`]: combined,
};

/**
 * The `url` of every status, `GET /repos/{owner}/{repo}/statuses/{ref}`: GitHub still answers there the
 * statuses of the ref, newest first (the list operation).
 */
export const STATUS_PATHS: Readonly<Record<string, string>> = {
  [`GET ${R}/statuses/{ref}`]: `GET ${R}/commits/{ref}/statuses`,
};
