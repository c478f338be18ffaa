import type { Resource } from '../../core/catalog/state.js';
import { GitHubError, githubError } from '../../core/errors.js';
import { findRepo } from '../../core/lookup.js';
import { branchHead, createMergeCommit, updateBranchCommit } from './branches.js';
import { type IssueCtx, custom, intParam, invalid, loginOf, must, newId, ok, q, rec } from './context.js';
import { applyIssueFields, insertIssue, mustIssue, names, setState } from './issues.js';
import { checkIssueText } from './limits.js';
import { issueKey, pullKey } from './keys.js';
import { ms } from './lists.js';
import { baseOf, changeIssue, headLabel, headOf, nextNumber, recordEvent, reserveNumber, saveIssue, snapIssue } from '../model.js';
import { type ListQuery, directionParam, runQuery, stateParam } from './query.js';
import { headSha, pullView } from './views.js';
import { tableSet } from '../../../../store/table.js';

/**
 * Pull requests: issue n with a pull record beside it. Created from branches that exist (the head's
 * commit must differ from the base's), merged once (the base branch moves to the merge commit),
 * listed with GitHub's filters; every pull is also issue n under `/issues`.
 */

const low = (s: string) => s.toLowerCase();
const DOCS = 'https://docs.github.com/rest/pulls/pulls';

/** The pull record of n, or 404 (an issue number that is no pull answers 404 too). */
export function mustPull(c: IssueCtx, n: number): Resource {
  mustIssue(c, n);
  return must(c, pullKey(c.rp, n));
}

/** Where a `head` (`branch`, `owner:branch`, with `head_repo`) lives: repository path and branch. */
export function parseHead(c: IssueCtx, head: string, headRepo?: unknown): { repo: string; ref: string } | undefined {
  const at = head.indexOf(':');
  if (at < 0) return { repo: c.rp, ref: head };
  const owner = head.slice(0, at);
  const ref = head.slice(at + 1);
  if (low(owner) === low(c.repo.ownerLogin) && (typeof headRepo !== 'string' || low(headRepo) === low(c.repo.name))) return { repo: c.rp, ref };
  const r = findRepo(c.s, owner, typeof headRepo === 'string' && headRepo ? headRepo : c.repo.name);
  return r ? { repo: `/repos/${encodeURIComponent(r.ownerLogin)}/${encodeURIComponent(r.name)}`, ref } : undefined;
}

/** The fields a pull is created with (API create and seeds). */
export interface NewPull {
  number?: number;
  title?: string;
  body?: string | null;
  head: { repo: string; ref: string };
  base: string;
  draft?: boolean;
  user: string;
  maintainer_can_modify?: boolean;
  /** An existing issue that becomes the pull (its title, body and comments stay). */
  issue?: number;
  labels?: string[];
  assignees?: string[];
  milestone?: number | null;
  created_at?: string;
}

/** Checks branches and duplicates like GitHub, then stores the pull and its issue; returns its number. */
export function insertPull(c: IssueCtx, p: NewPull): number {
  const baseSha = branchHead(c.s, c.rp, p.base);
  if (!baseSha) throw invalid('PullRequest', 'base', 'invalid');
  const head = branchHead(c.s, p.head.repo, p.head.ref);
  if (!head) throw invalid('PullRequest', 'head', 'invalid');
  if (head === baseSha) throw custom('PullRequest', `No commits between ${p.base} and ${p.head.ref}`);
  const label = headLabel({ repo: p.head.repo, ref: p.head.ref });
  const dup = c.ix.refs[`OPEN|${low(label)}|${p.base}`];
  if (dup !== undefined && rec(c, pullKey(c.rp, dup))) throw custom('PullRequest', `A pull request already exists for ${label}.`);
  if (p.issue !== undefined) {
    const issue = rec(c, issueKey(c.rp, p.issue));
    if (!issue || issue._pull || issue.state === 'closed') throw invalid('PullRequest', 'issue', 'invalid', p.issue);
  }
  const at = p.created_at ?? c.now;
  const n = p.issue ?? p.number;
  const id = newId(c);
  const pull: Resource = {
    id,
    node_id: `PR_kwDO${id.toString(36)}`,
    head: { ref: p.head.ref, repo: p.head.repo, sha: head },
    base: { ref: p.base, sha: baseSha },
    draft: p.draft === true,
    merged: false,
    merged_at: null,
    merged_by: null,
    merge_commit_sha: null,
    maintainer_can_modify: p.maintainer_can_modify === true,
    requested_reviewers: [],
    requested_teams: [],
    created_at: at,
    updated_at: at,
  };
  if (p.issue !== undefined) {
    const num = p.issue;
    tableSet(c.s.catalog.records, pullKey(c.rp, num), { ...pull, number: num });
    const snap = snapIssue(c, num);
    saveIssue(c, num, { ...(rec(c, issueKey(c.rp, num)) as Resource), _pull: true, updated_at: c.now }, snap);
    return num;
  }
  // The pull record goes first: indexing the issue puts it in the pull lists too.
  const num = n ?? nextNumber(c);
  if (n !== undefined) reserveNumber(c, n);
  tableSet(c.s.catalog.records, pullKey(c.rp, num), { ...pull, number: num });
  return insertIssue(c, {
    number: num,
    title: p.title ?? '',
    body: p.body ?? null,
    user: p.user,
    pull: true,
    labels: p.labels ?? [],
    assignees: p.assignees ?? [],
    milestone: p.milestone ?? null,
    created_at: at,
  });
}

const listPulls = (c: IssueCtx) => {
  const dims: string[] = [];
  const head = q(c, 'head');
  if (head) dims.push(`h:${low(head.includes(':') ? head : `${c.repo.ownerLogin}:${head}`)}`);
  const base = q(c, 'base');
  if (base) dims.push(`b:${base}`);
  const sort = q(c, 'sort');
  const query: ListQuery = {
    prefix: 'P',
    state: stateParam(c),
    dims,
    order: sort === 'updated' ? 'updated' : sort === 'popularity' ? 'comments' : 'created',
    desc: directionParam(c, sort === undefined || sort === 'created' ? 'desc' : 'asc'),
  };
  if (sort === 'long-running') {
    // Open for more than a month, with activity within the last month.
    const month = 30 * 24 * 3600 * 1000;
    const now = ms(c.now);
    query.where = (n) => {
      const i = rec(c, issueKey(c.rp, n));
      return Boolean(i) && ms(i?.created_at) < now - month && ms(i?.updated_at) >= now - month;
    };
  }
  const page = runQuery(c, query);
  return ok(
    200,
    page.ids.map((n) => pullView(c, n)),
    page.headers,
  );
};

const createPull = (c: IssueCtx) => {
  const b = c.op.body;
  if (typeof b.head !== 'string' || !b.head) throw invalid('PullRequest', 'head', 'missing_field');
  if (typeof b.base !== 'string' || !b.base) throw invalid('PullRequest', 'base', 'missing_field');
  const issue = b.issue === undefined || b.issue === null ? undefined : Number(b.issue);
  if (issue === undefined && (typeof b.title !== 'string' || !b.title)) throw invalid('PullRequest', 'title', 'missing_field');
  checkIssueText('PullRequest', b.title, b.body);
  const head = parseHead(c, b.head, b.head_repo);
  if (!head) throw invalid('PullRequest', 'head', 'invalid');
  const n = insertPull(c, {
    ...(issue !== undefined ? { issue } : { title: String(b.title) }),
    body: typeof b.body === 'string' ? b.body : null,
    head,
    base: b.base,
    draft: b.draft === true,
    maintainer_can_modify: b.maintainer_can_modify === true,
    user: c.actor,
  });
  const view = pullView(c, n);
  return ok(201, view, { location: String(view?.url) });
};

const getPull = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  mustPull(c, n);
  return ok(200, pullView(c, n));
};

const updatePull = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  const pull = mustPull(c, n);
  const b = c.op.body;
  if (b.state === 'open' && rec(c, issueKey(c.rp, n))?.state === 'closed' && !branchHead(c.s, headOf(c, pull).repo, headOf(c, pull).ref)) {
    throw custom('PullRequest', 'state cannot be changed. The head branch has been deleted.');
  }
  let base: string | undefined;
  if (b.base !== undefined && b.base !== (pull.base as Resource | undefined)?.ref) {
    if (typeof b.base !== 'string' || !branchHead(c.s, c.rp, b.base)) throw invalid('PullRequest', 'base', 'invalid');
    base = b.base;
  }
  if (base !== undefined || b.maintainer_can_modify !== undefined) {
    const snap = snapIssue(c, n);
    tableSet(c.s.catalog.records, pullKey(c.rp, n), {
      ...pull,
      ...(base !== undefined ? { base: { ref: base, sha: branchHead(c.s, c.rp, base) } } : {}),
      ...(b.maintainer_can_modify !== undefined ? { maintainer_can_modify: b.maintainer_can_modify === true } : {}),
    });
    saveIssue(c, n, { ...(rec(c, issueKey(c.rp, n)) as Resource) }, snap);
    if (base !== undefined) recordEvent(c, n, 'base_ref_changed');
  }
  applyIssueFields(c, n, { title: b.title, body: b.body, state: b.state }, 'PullRequest');
  return ok(200, pullView(c, n));
};

const checkMerged = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  if (mustPull(c, n).merged !== true) throw githubError.notFound(DOCS);
  return ok(204);
};

const notMergeable = (message = 'Pull Request is not mergeable') => new GitHubError(405, message, { documentationUrl: `${DOCS}#merge-a-pull-request` });

/** Merges open pull n (checks as GitHub does); moves its base branch; returns the merge commit sha. */
export function mergePull(c: IssueCtx, n: number, b: Resource): string {
  const pull = mustPull(c, n);
  const issue = mustIssue(c, n);
  const method = b.merge_method ?? 'merge';
  if (method !== 'merge' && method !== 'squash' && method !== 'rebase') throw invalid('PullRequest', 'merge_method', 'invalid', String(method));
  if (pull.merged === true || issue.state === 'closed') throw notMergeable();
  if (pull.draft === true) throw notMergeable('Pull Request is still a draft');
  const h = headOf(c, pull);
  const head = branchHead(c.s, h.repo, h.ref);
  if (!head) throw notMergeable();
  if (typeof b.sha === 'string' && b.sha !== head) {
    throw new GitHubError(409, 'Head branch was modified. Review and try the merge again.', { documentationUrl: `${DOCS}#merge-a-pull-request` });
  }
  const base = baseOf(c, pull);
  const baseSha = branchHead(c.s, c.rp, base);
  if (!baseSha) throw notMergeable();
  const sha = createMergeCommit(c.s, {
    rp: c.rp,
    number: n,
    base,
    baseSha,
    headSha: head,
    method,
    title: typeof b.commit_title === 'string' ? b.commit_title : `Merge pull request #${n} from ${headLabel(h).replace(':', '/')}`,
    message: typeof b.commit_message === 'string' ? b.commit_message : String(issue.title ?? ''),
    author: c.actor,
    baseUrl: c.base,
    now: c.now,
  });
  tableSet(c.s.catalog.records, pullKey(c.rp, n), {
    ...pull,
    head: { ...(pull.head as Resource), sha: head },
    base: { ...(pull.base as Resource), sha: baseSha },
    merged: true,
    merged_at: c.now,
    merged_by: c.actor,
    merge_commit_sha: sha,
  });
  recordEvent(c, n, 'merged', { commit_id: sha });
  changeIssue(c, n, (i) => setState(c, i, n, 'closed', undefined, sha));
  return sha;
}

const merge = (c: IssueCtx) => {
  const sha = mergePull(c, intParam(c, 'pulls'), c.op.body);
  return ok(200, { sha, merged: true, message: 'Pull Request successfully merged' });
};

const requested = (pull: Resource) => ({
  users: names(pull.requested_reviewers, 'login') ?? [],
  teams: (pull.requested_teams as string[] | undefined) ?? [],
});

const listRequested = (c: IssueCtx) => {
  const r = requested(mustPull(c, intParam(c, 'pulls')));
  return ok(200, { users: r.users.map((login) => ({ login })), teams: r.teams.map((slug) => ({ slug, name: slug })) });
};

function setRequested(c: IssueCtx, n: number, users: string[], teams: string[]): void {
  const snap = snapIssue(c, n);
  tableSet(c.s.catalog.records, pullKey(c.rp, n), { ...(rec(c, pullKey(c.rp, n)) as Resource), requested_reviewers: users, requested_teams: teams });
  saveIssue(c, n, { ...(rec(c, issueKey(c.rp, n)) as Resource), updated_at: c.now }, snap);
}

const requestReviewers = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  const pull = mustPull(c, n);
  const author = loginOf(mustIssue(c, n).user);
  const r = requested(pull);
  const users = names(c.op.body.reviewers, 'login') ?? [];
  const teams = names(c.op.body.team_reviewers, 'login') ?? names(c.op.body.team_reviewers) ?? [];
  if (author && users.some((u) => low(u) === low(author))) throw custom('PullRequest', 'Review cannot be requested from pull request author.');
  const addUsers = users.filter((u) => !r.users.some((x) => low(x) === low(u)));
  const addTeams = teams.filter((t) => !r.teams.includes(t));
  setRequested(c, n, [...r.users, ...addUsers], [...r.teams, ...addTeams]);
  for (const u of addUsers) recordEvent(c, n, 'review_requested', { requested_reviewer: u, review_requester: c.actor });
  for (const t of addTeams) recordEvent(c, n, 'review_requested', { requested_team: { slug: t, name: t }, review_requester: c.actor });
  return ok(201, pullView(c, n));
};

const removeRequested = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  const r = requested(mustPull(c, n));
  const users = (names(c.op.body.reviewers, 'login') ?? []).map(low);
  const teams = names(c.op.body.team_reviewers) ?? [];
  setRequested(
    c,
    n,
    r.users.filter((u) => !users.includes(low(u))),
    r.teams.filter((t) => !teams.includes(t)),
  );
  for (const u of r.users.filter((x) => users.includes(low(x))))
    recordEvent(c, n, 'review_request_removed', { requested_reviewer: u, review_requester: c.actor });
  return ok(200, pullView(c, n));
};

const updateBranch = (c: IssueCtx) => {
  const n = intParam(c, 'pulls');
  const pull = mustPull(c, n);
  if (mustIssue(c, n).state === 'closed') throw custom('PullRequest', 'Pull request is closed.');
  const h = headOf(c, pull);
  const current = headSha(c, pull);
  const expected = c.op.body.expected_head_sha;
  if (typeof expected === 'string' && expected !== current) throw custom('PullRequest', 'expected_head_sha must match the head sha of the pull request.');
  const base = baseOf(c, pull);
  updateBranchCommit(c.s, {
    rp: h.repo,
    branch: h.ref,
    headSha: current,
    baseSha: branchHead(c.s, c.rp, base) ?? '',
    baseUrl: c.base,
    now: c.now,
    author: c.actor,
    base,
  });
  changeIssue(c, n, () => {});
  return ok(202, { message: 'Updating pull request branch.', url: `${c.web}${c.webRepo}/pull/${n}` });
};

const P = '/repos/{owner}/{repo}/pulls';

/** Pull request operations by `METHOD template`: `[write, fn]`. */
export const PULL_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${P}`]: [false, listPulls],
  [`POST ${P}`]: [true, createPull],
  [`GET ${P}/{pull_number}`]: [false, getPull],
  [`PATCH ${P}/{pull_number}`]: [true, updatePull],
  [`GET ${P}/{pull_number}/merge`]: [false, checkMerged],
  [`PUT ${P}/{pull_number}/merge`]: [true, merge],
  [`GET ${P}/{pull_number}/requested_reviewers`]: [false, listRequested],
  [`POST ${P}/{pull_number}/requested_reviewers`]: [true, requestReviewers],
  [`DELETE ${P}/{pull_number}/requested_reviewers`]: [true, removeRequested],
  [`PUT ${P}/{pull_number}/update-branch`]: [true, updateBranch],
};
