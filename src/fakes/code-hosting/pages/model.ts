import { plain } from '../../../store/store.js';
import type { Resource } from '../core/catalog/state.js';
import type { RelationRepo } from '../core/family.js';
import { entryAt, getCommit, getObject, resolveCommitish } from '../git/model.js';
import type { CodeHostingState } from '../state.js';

/**
 * A Pages site created from a branch: GitHub takes the site's custom domain from the `CNAME` file of
 * the publishing source (the branch's folder), and starts provisioning its HTTPS certificate for that
 * domain (state `new` until it is requested). Without a `CNAME` file the site has no custom domain and
 * no certificate of its own.
 */

/** The custom domain the `CNAME` file of a branch's folder names (its first line), if any. */
export function cnameOf(state: CodeHostingState, repo: RelationRepo, branch: string, folder: string): string | undefined {
  const sha = resolveCommitish(state, repo, branch);
  const commit = sha ? getCommit(state, repo, sha) : undefined;
  if (!commit) return undefined;
  const entry = entryAt(state, repo, commit.tree, `${folder.replace(/^\/+|\/+$/g, '')}/CNAME`.replace(/^\//, ''));
  const blob = entry?.type === 'blob' ? getObject(state, repo, entry.sha) : undefined;
  if (blob?.type !== 'blob') return undefined;
  const domain = Buffer.from(blob.content, 'base64').toString('utf8').split(/\r?\n/)[0]?.trim().toLowerCase();
  return domain ? domain : undefined;
}

/** What a new site's publishing source says of its domain: the custom domain and its certificate, or nothing. */
export function domainOf(state: CodeHostingState, repo: RelationRepo, body: Resource): Resource {
  const source = plain(body.source) as Resource | undefined;
  const branch = typeof source?.branch === 'string' ? source.branch : undefined;
  if (!branch) return {};
  const cname = cnameOf(state, repo, branch, typeof source?.path === 'string' ? source.path : '/');
  if (!cname) return {};
  return { cname, https_certificate: { state: 'new', description: 'Certificate has not been requested yet', domains: [cname] } };
}
