import { GitHubError } from './errors.js';
import type { RepoRecord } from './schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import { repoKey } from './lookup.js';
import { trimBase } from './urls.js';

/**
 * The old path of a renamed or transferred repository. GitHub answers it with a redirect to the
 * repository's id path, `https://api.github.com/repositories/<id>` followed by the rest of the request
 * path and its query: `301 Moved Permanently` for GET and HEAD, `307 Temporary Redirect` for every
 * other method (so a client re-sends the body), each with the body
 * `{ message: 'Moved Permanently', url, documentation_url }`. Octokit follows it.
 */

/** The repository an old `owner/repo` now is, if it was renamed or transferred (and the name is not taken again). */
export function movedRepo(state: CodeHostingState, owner: string, name: string): RepoRecord | undefined {
  const id = state.repoRedirects?.[repoKey(owner, name)];
  return id === undefined ? undefined : (state.repos[id] as RepoRecord | undefined);
}

/** What the redirect needs of the request. */
export interface MovedRequest {
  method: string;
  baseUrl: string;
  /** Request path relative to the base URL (raw). */
  path: string;
  /** The request URL (for its query). */
  url: URL;
}

/** GitHub's redirect answer for a request on the old path of a moved repository. */
export function movedError(rec: RepoRecord, req: MovedRequest): GitHubError {
  const rest = req.path.replace(/^\/repos\/[^/]+\/[^/]+/, '');
  const location = `${trimBase(req.baseUrl)}/repositories/${rec.id}${rest}${req.url.search}`;
  const status = req.method === 'GET' || req.method === 'HEAD' ? 301 : 307;
  return new GitHubError(status, 'Moved Permanently', {
    documentationUrl: 'https://docs.github.com/v3/#http-redirects',
    headers: { location },
    body: { url: location },
  });
}
