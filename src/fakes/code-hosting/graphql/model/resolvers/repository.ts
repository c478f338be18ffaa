import { arraySource, connection, emptyConnection } from '../connections.js';
import {
  type Resource,
  actsAsUser,
  collaboratorsOf,
  findRepo,
  forksOf,
  fullName,
  isNotFound,
  repoRole,
  restCall,
  stargazerCount,
  starredAt,
} from '../rest-models.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { enumOf, restList } from './common.js';
import { objectAt, refConnection, refNamed } from './git.js';
import { issueAt, issueList, pullList } from './issue-lists.js';
import { type RepoSrc, accountSrc, canRead, loadIssue, loadIssueish, loadPull, repoJson, repoParams, repoSrc, restSrc, viaRest, webRepo } from './sources.js';

/** `Repository`: the record of the repositories model, `GET /repos/{owner}/{repo}`'s answer, and its families' lists. */

const bool = (j: Resource, k: string, dflt: boolean) => (typeof j[k] === 'boolean' ? (j[k] as boolean) : dflt);

/** The caller's permission on a repository (a token acting as a user: the user's role; otherwise REST's `permissions`: admin). */
function viewerPermission(env: Env, src: RepoSrc): string {
  const token = env.principal.token;
  if (!actsAsUser(token)) return 'ADMIN';
  const role = repoRole(env.state, token.login ?? env.login, src.repo);
  return role === 'admin' ? 'ADMIN' : role === 'write' ? 'WRITE' : 'READ';
}

/** Null for a 404 (GitHub answers null for a label, release or tag the repository does not have), the REST answer otherwise. */
function orNull(env: Env, what: string, fn: () => Resource): Resource | null {
  try {
    return fn();
  } catch (err) {
    if (isNotFound(err)) return null;
    return viaRest(env, what, () => {
      throw err;
    });
  }
}

/** `labels(...)`: `GET /repos/{owner}/{repo}/labels`, with GraphQL's `query` (name contains) and `orderBy`. */
function labelsOf(env: Env, src: RepoSrc, args: Args) {
  const list = restList(env, 'labels', 'GET /repos/{owner}/{repo}/labels', repoParams(src.repo));
  const q = typeof args.query === 'string' && args.query ? args.query.toLowerCase() : undefined;
  const order = args.orderBy && typeof args.orderBy === 'object' ? (args.orderBy as Record<string, unknown>) : undefined;
  const toNode = (j: Resource) => restSrc('Label', src.repo, j);
  if (!q && (!order || (order.field === 'CREATED_AT' && order.direction !== 'DESC'))) return connection('LabelConnection', 'labels', args, list, toNode);
  // Filtering or sorting by name: the repository's labels, all of them (a repository has few).
  let all = list.slice(0, list.total());
  if (q)
    all = all.filter(
      (l) =>
        String(l.name ?? '')
          .toLowerCase()
          .includes(q) ||
        String(l.description ?? '')
          .toLowerCase()
          .includes(q),
    );
  if (order?.field === 'NAME') all = [...all].sort((a, b) => String(a.name).localeCompare(String(b.name)));
  if (order?.direction === 'DESC') all = [...all].reverse();
  return connection('LabelConnection', 'labels', args, arraySource(all), toNode);
}

/** `milestones(...)`: `GET /repos/{owner}/{repo}/milestones` (states, order by number, due date, ...). */
function milestonesOf(env: Env, src: RepoSrc, args: Args) {
  const states = Array.isArray(args.states) ? (args.states as string[]) : [];
  const state = states.length === 1 ? String(states[0]).toLowerCase() : 'all';
  const order = args.orderBy && typeof args.orderBy === 'object' ? (args.orderBy as Record<string, unknown>) : {};
  const sort = order.field === 'DUE_DATE' ? 'due_on' : order.field === 'UPDATED_AT' ? 'updated' : order.field === 'CREATED_AT' ? 'created' : 'number';
  const query: Record<string, string> = { state, direction: order.direction === 'DESC' ? 'desc' : 'asc' };
  if (sort !== 'number') query.sort = sort;
  const list = restList(env, 'milestones', 'GET /repos/{owner}/{repo}/milestones', repoParams(src.repo), query);
  return connection('MilestoneConnection', 'milestones', args, list, (j) => restSrc('Milestone', src.repo, j));
}

/** `releases(...)`: `GET /repos/{owner}/{repo}/releases` (newest first, as both APIs list them). */
function releasesOf(env: Env, src: RepoSrc, args: Args) {
  const list = restList(env, 'releases', 'GET /repos/{owner}/{repo}/releases', repoParams(src.repo));
  return connection('ReleaseConnection', 'releases', args, list, (j) => restSrc('Release', src.repo, j));
}

/** `collaborators(...)`: `GET /repos/{owner}/{repo}/collaborators` (push access needed, as on REST), edges with the permission. */
function collaboratorsConnection(env: Env, src: RepoSrc, args: Args) {
  const list = restList(env, 'collaborators', 'GET /repos/{owner}/{repo}/collaborators', repoParams(src.repo), {}, undefined);
  return connection(
    'RepositoryCollaboratorConnection',
    'collaborators',
    args,
    list,
    (j) => accountSrc(env, String(j.login)),
    (j) => ({ permission: enumOf(j.role_name) ?? 'READ' }),
  );
}

/** `Repository`. */
export const REPOSITORY_FIELDS: TypeResolvers<RepoSrc> = {
  id: (s, _a, env) => String(repoJson(env, s).node_id),
  databaseId: (s) => s.repo.id,
  name: (s) => s.repo.name,
  nameWithOwner: (s) => fullName(s.repo),
  owner: (s, _a, env) => accountSrc(env, s.repo.ownerLogin),
  description: (s) => s.repo.description,
  homepageUrl: (s) => s.repo.homepage || null,
  url: (s, _a, env) => `${env.web}${webRepo(s.repo)}`,
  resourcePath: (s) => webRepo(s.repo),
  sshUrl: (s, _a, env) => String(repoJson(env, s).ssh_url),
  visibility: (s) => (s.repo.private ? 'PRIVATE' : 'PUBLIC'),
  isPrivate: (s) => s.repo.private,
  isFork: (s) => s.repo.parentId !== undefined,
  isArchived: (s) => s.repo.archived,
  isTemplate: (s) => s.repo.isTemplate === true,
  isDisabled: () => false,
  isLocked: () => false,
  isMirror: () => false,
  isEmpty: (s, _a, env) => refConnection(env, s.repo, { first: 0, refPrefix: 'refs/heads/' }).total === 0,
  mirrorUrl: () => null,
  createdAt: (s) => s.repo.createdAt,
  updatedAt: (s) => s.repo.updatedAt,
  pushedAt: (s) => s.repo.pushedAt,
  diskUsage: (s, _a, env) => Number(repoJson(env, s).size ?? 0),
  hasIssuesEnabled: (s) => s.repo.hasIssues,
  hasWikiEnabled: (s) => s.repo.hasWiki,
  hasProjectsEnabled: (s) => s.repo.hasProjects,
  hasDiscussionsEnabled: (s, _a, env) => bool(repoJson(env, s), 'has_discussions', false),
  mergeCommitAllowed: (s, _a, env) => bool(repoJson(env, s), 'allow_merge_commit', true),
  rebaseMergeAllowed: (s, _a, env) => bool(repoJson(env, s), 'allow_rebase_merge', true),
  squashMergeAllowed: (s, _a, env) => bool(repoJson(env, s), 'allow_squash_merge', true),
  autoMergeAllowed: (s, _a, env) => bool(repoJson(env, s), 'allow_auto_merge', false),
  deleteBranchOnMerge: (s, _a, env) => bool(repoJson(env, s), 'delete_branch_on_merge', false),
  forkingAllowed: (s, _a, env) => bool(repoJson(env, s), 'allow_forking', true),
  primaryLanguage: () => null,
  licenseInfo: () => null,
  viewerPermission: (s, _a, env) => viewerPermission(env, s),
  viewerCanAdminister: (s, _a, env) => viewerPermission(env, s) === 'ADMIN',
  viewerHasStarred: (s, _a, env) => starredAt(env.state, s.repo.id, env.login) !== undefined,
  stargazerCount: (s, _a, env) => stargazerCount(env.state, s.repo.id),
  stargazers: (s, args, env) => {
    const list = restList(env, 'stargazers', 'GET /repos/{owner}/{repo}/stargazers', repoParams(s.repo), {}, stargazerCount(env.state, s.repo.id));
    return connection('StargazerConnection', 'stargazers', args, list, (j) => accountSrc(env, String(j.login)));
  },
  forkCount: (s, _a, env) => forksOf(env.state, s.repo.id).length,
  forks: (s, args, env) => {
    const repos = forksOf(env.state, s.repo.id)
      .map((id) => env.state.repos[id])
      .filter((r): r is NonNullable<typeof r> => r !== undefined && canRead(env, r));
    return connection('RepositoryConnection', 'forks', args, arraySource(repos), repoSrc);
  },
  parent: (s, _a, env) => {
    const p = s.repo.parentId === undefined ? undefined : env.state.repos[s.repo.parentId];
    return p && canRead(env, p) ? repoSrc(p) : null;
  },
  templateRepository: (s, _a, env) => {
    const t = s.repo.templateId === undefined ? undefined : env.state.repos[s.repo.templateId];
    return t && canRead(env, t) ? repoSrc(t) : null;
  },
  repositoryTopics: (_s, args) => emptyConnection('RepositoryTopicConnection', 'repositoryTopics', args),
  defaultBranchRef: (s, _a, env) => refNamed(env, s.repo, `refs/heads/${s.repo.defaultBranch}`),
  refs: (s, args, env) => refConnection(env, s.repo, args),
  ref: (s, args, env) => refNamed(env, s.repo, String(args.qualifiedName ?? '')),
  object: (s, args, env) => objectAt(env, s.repo, args),
  issues: (s, args, env) => connection('IssueConnection', 'issues', args, issueList(env, s.repo, args), (n) => issueAt(env, s.repo, n)),
  pullRequests: (s, args, env) => connection('PullRequestConnection', 'pullRequests', args, pullList(env, s.repo, args), (n) => issueAt(env, s.repo, n)),
  issue: (s, args, env) => loadIssue(env, s.repo, Number(args.number)),
  pullRequest: (s, args, env) => loadPull(env, s.repo, Number(args.number)),
  issueOrPullRequest: (s, args, env) => loadIssueish(env, s.repo, Number(args.number), `an issue or pull request with the number of ${Number(args.number)}`),
  labels: (s, args, env) => labelsOf(env, s, args),
  label: (s, args, env) => {
    const j = orNull(
      env,
      'label',
      () => restCall(env, 'GET /repos/{owner}/{repo}/labels/{name}', { ...repoParams(s.repo), name: String(args.name ?? '') }).body as Resource,
    );
    return j && restSrc('Label', s.repo, j);
  },
  milestones: (s, args, env) => milestonesOf(env, s, args),
  milestone: (s, args, env) => {
    const n = Number(args.number);
    const j = viaRest(env, `a Milestone with the number of ${n}`, () =>
      restCall(env, 'GET /repos/{owner}/{repo}/milestones/{milestone_number}', { ...repoParams(s.repo), milestone_number: String(n) }),
    ).body as Resource;
    return restSrc('Milestone', s.repo, j);
  },
  releases: (s, args, env) => releasesOf(env, s, args),
  release: (s, args, env) => {
    const tag = String(args.tagName ?? '');
    const j = orNull(env, 'release', () => restCall(env, 'GET /repos/{owner}/{repo}/releases/tags/{tag}', { ...repoParams(s.repo), tag }).body as Resource);
    return j && restSrc('Release', s.repo, j);
  },
  latestRelease: (s, _a, env) => {
    const j = orNull(env, 'release', () => restCall(env, 'GET /repos/{owner}/{repo}/releases/latest', repoParams(s.repo)).body as Resource);
    return j && restSrc('Release', s.repo, j);
  },
  collaborators: (s, args, env) => collaboratorsConnection(env, s, args),
  assignableUsers: (s, args, env) => {
    // The owner and the collaborators: who an issue may be assigned to.
    const logins = [
      s.repo.ownerLogin,
      ...collaboratorsOf(env.state, s.repo)
        .map((c) => c.login)
        .filter((l) => l.toLowerCase() !== s.repo.ownerLogin.toLowerCase()),
    ];
    const q = typeof args.query === 'string' ? args.query.toLowerCase() : '';
    return connection('UserConnection', 'assignableUsers', args, arraySource(logins.filter((l) => l.toLowerCase().includes(q))), (l) => accountSrc(env, l));
  },
  watchers: (s, args, env) =>
    connection('UserConnection', 'watchers', args, restList(env, 'watchers', 'GET /repos/{owner}/{repo}/subscribers', repoParams(s.repo)), (j) =>
      accountSrc(env, String(j.login)),
    ),
  projectsV2: (_s, args) => emptyConnection('ProjectV2Connection', 'projectsV2', args),
};

/** A repository by owner and name, if the caller may see it (for `search` and `node`). */
export function visibleRepo(env: Env, owner: string, name: string): RepoSrc | null {
  const repo = findRepo(env.state, owner, name);
  return repo && canRead(env, repo) ? repoSrc(repo) : null;
}
