import { json } from '../../../../http/response.js';
import { ruleFor } from '../../core/catalog/table.js';
import type { GitHubRouteContext } from '../../core/context.js';
import { GitHubError, githubError } from '../../core/errors.js';
import type { ExtraRow, FamilyRoute } from '../../core/family.js';
import { UPLOADS_PREFIX } from '../../core/hosts.js';
import { queryString } from '../../core/http-helpers.js';
import { loadRepo } from '../../core/load.js';
import { handled } from '../../core/route.js';
import { renderAs } from '../../core/shapes/answer.js';
import { DEFAULT_LOGIN } from '../../core/shapes/render.js';
import { apiBaseOfUploads } from '../../core/urls.js';
import { requestId } from '../../core/wire.js';
import { repoView } from '../../repos/model.js';
import { tableGet } from '../../../../store/table.js';
import { addAsset, assetKey, assetView, releaseById } from '../model.js';

/**
 * `POST /repos/{owner}/{repo}/releases/{release_id}/assets?name=&label=` on the upload host (a
 * release's `upload_url`: `uploads.github.com`, GHES `<web>/api/uploads`): the request body is the
 * asset's bytes, its `Content-Type` the asset's `content_type`. A name the release already has answers
 * 422 `already_exists`, as GitHub does (with the upload host's `request_id`).
 */

const PATH = `${UPLOADS_PREFIX}/repos/{owner}/{repo}/releases/{release_id}/assets`;
const DOCS = 'https://docs.github.com/rest/releases/assets#upload-a-release-asset';
const ACCESS = ruleFor('PATCH /repos/{owner}/{repo}/releases/assets/{asset_id}');

/** The upload host's row (GitHub serves it; the seed's table lacks it). */
export const UPLOAD_ROWS: ExtraRow[] = [{ method: 'POST', path: PATH, operationId: 'repos/upload-release-asset' }];

function uploadError(ctx: GitHubRouteContext, e: GitHubError): GitHubError {
  return new GitHubError(e.status, e.message, { ...e.extra, body: { request_id: requestId(ctx.seq) } });
}

/** Uploading an asset: the caller needs to write the repository's contents. */
export const UPLOAD_ROUTES: FamilyRoute[] = [
  handled({
    method: 'POST',
    path: PATH,
    access: ACCESS,
    handler: (ctx, principal) => {
      const rec = loadRepo(ctx, principal, ACCESS);
      const apiBase = apiBaseOfUploads(ctx.baseUrl);
      const name = queryString(ctx, 'name');
      if (!name) throw uploadError(ctx, githubError.validation([{ resource: 'ReleaseAsset', code: 'missing_field', field: 'name' }], DOCS));
      const label = queryString(ctx, 'label');
      const contentType = ctx.req.headers['content-type']?.split(';')[0]?.trim() || 'application/octet-stream';
      const releaseId = Number(ctx.params.release_id);
      const repo = { path: `/repos/${encodeURIComponent(rec.ownerLogin)}/${encodeURIComponent(rec.name)}`, defaultBranch: rec.defaultBranch, record: rec };
      const now = ctx.clock.now().toISOString();
      const asset = ctx.update((d) => {
        if (!Number.isSafeInteger(releaseId) || !releaseById(d, repo, releaseId)) throw githubError.notFound(DOCS);
        for (const id of d.releases.assets[releaseId] ?? []) {
          if (tableGet(d.catalog.records, assetKey(repo, id))?.name === name)
            throw uploadError(ctx, githubError.validation([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }], DOCS));
        }
        const uploader = principal.login ?? ctx.options.defaultLogin ?? DEFAULT_LOGIN;
        return addAsset(
          d,
          repo,
          releaseId,
          { name, ...(label !== undefined ? { label } : {}), content_type: contentType, size: ctx.req.rawBody.length, uploader },
          { now },
        );
      });
      const view = assetView({ state: ctx.state, repo, baseUrl: apiBase }, asset);
      const body = renderAs('GET /repos/{owner}/{repo}/releases/assets/{asset_id}', 200, view, `${repo.path}/releases/assets/${asset.id}`, {
        baseUrl: apiBase,
        now,
        login: principal.login ?? DEFAULT_LOGIN,
        records: ctx.state.catalog.records,
        accounts: ctx.state.accounts,
        repo: repoView(rec, { state: ctx.state, apiBase }),
      });
      return json(201, body);
    },
  }),
];
