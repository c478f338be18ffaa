import { encodeCursor } from '../connections.js';
import { GqlError } from '../errors.js';
import { type Resource, restCall } from '../rest-models.js';
import type { Args, Env, TypeResolvers } from '../types.js';
import { refNamed } from './git.js';
import { nodeOfType } from './nodes.js';
import { type AccountSrc, type GitSrc, type IssueSrc, type RepoSrc, type RestSrc, accountSrc, loadIssueish, repoParams, restSrc, viaRest } from './sources.js';

/**
 * Mutations, each through its REST twin: the same catalog row (so the same permission rule), the same
 * model, inside the request's one change. Ids in the input are node ids REST handed out.
 */

const input = (args: Args): Record<string, unknown> => (args.input && typeof args.input === 'object' ? (args.input as Record<string, unknown>) : {});
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const ISSUEISH = ['Issue', 'PullRequest'] as const;

/** Label names of label node ids (NOT_FOUND for an id that is no label). */
function labelNames(env: Env, list: unknown): string[] {
  return ids(list).map((id) => String(nodeOfType<RestSrc>(env, id, ['Label']).json.name));
}

/** Logins of user node ids. */
function logins(env: Env, list: unknown): string[] {
  return ids(list).map((id) => nodeOfType<AccountSrc>(env, id, ['User', 'Bot']).login);
}

/** Runs the REST twin of a mutation field; a REST refusal becomes GitHub's GraphQL error naming the field. */
function twin(env: Env, field: string, what: string, key: string, params: Record<string, string>, body: Resource): Resource {
  return viaRest(env, what, () => restCall(env, key, params, { body }).body as Resource, field);
}

function issueParams(s: IssueSrc) {
  return { ...repoParams(s.repo), issue_number: String(s.number) };
}

/** Re-reads an issue or pull request after a write (from the change being made). */
const reload = (env: Env, s: IssueSrc) => loadIssueish(env, s.repo, s.number, `an issue or pull request with the number of ${s.number}`);

const payload = (typename: string, args: Args, fields: Record<string, unknown>) => ({
  __typename: typename,
  clientMutationId: input(args).clientMutationId ?? null,
  ...fields,
});

/** `Mutation`. */
export const MUTATION_FIELDS: TypeResolvers<Record<string, never>> = {
  createIssue: (_r, args, env) => {
    const i = input(args);
    const repo = nodeOfType<RepoSrc>(env, i.repositoryId, ['Repository']);
    const body: Resource = { title: i.title };
    if (typeof i.body === 'string') body.body = i.body;
    if (i.labelIds) body.labels = labelNames(env, i.labelIds);
    if (i.assigneeIds) body.assignees = logins(env, i.assigneeIds);
    if (typeof i.milestoneId === 'string') body.milestone = nodeOfType<RestSrc>(env, i.milestoneId, ['Milestone']).json.number;
    const created = twin(env, 'createIssue', 'a repository', 'POST /repos/{owner}/{repo}/issues', repoParams(repo.repo), body);
    return payload('CreateIssuePayload', args, { issue: loadIssueish(env, repo.repo, Number(created.number), 'an issue') });
  },
  updateIssue: (_r, args, env) => {
    const i = input(args);
    const issue = nodeOfType<IssueSrc>(env, i.id, ['Issue']);
    const body: Resource = {};
    if (typeof i.title === 'string') body.title = i.title;
    if (typeof i.body === 'string') body.body = i.body;
    if (i.labelIds !== undefined) body.labels = labelNames(env, i.labelIds);
    if (i.assigneeIds !== undefined) body.assignees = logins(env, i.assigneeIds);
    if (i.milestoneId !== undefined) body.milestone = i.milestoneId === null ? null : nodeOfType<RestSrc>(env, i.milestoneId, ['Milestone']).json.number;
    if (i.state === 'OPEN' || i.state === 'CLOSED') body.state = String(i.state).toLowerCase();
    twin(env, 'updateIssue', 'an issue', 'PATCH /repos/{owner}/{repo}/issues/{issue_number}', issueParams(issue), body);
    return payload('UpdateIssuePayload', args, { issue: reload(env, issue), actor: accountSrc(env, env.login) });
  },
  closeIssue: (_r, args, env) => {
    const i = input(args);
    const issue = nodeOfType<IssueSrc>(env, i.issueId, ['Issue']);
    const body: Resource = { state: 'closed' };
    if (typeof i.stateReason === 'string') body.state_reason = i.stateReason.toLowerCase();
    twin(env, 'closeIssue', 'an issue', 'PATCH /repos/{owner}/{repo}/issues/{issue_number}', issueParams(issue), body);
    return payload('CloseIssuePayload', args, { issue: reload(env, issue) });
  },
  reopenIssue: (_r, args, env) => {
    const issue = nodeOfType<IssueSrc>(env, input(args).issueId, ['Issue']);
    twin(env, 'reopenIssue', 'an issue', 'PATCH /repos/{owner}/{repo}/issues/{issue_number}', issueParams(issue), { state: 'open' });
    return payload('ReopenIssuePayload', args, { issue: reload(env, issue) });
  },
  addComment: (_r, args, env) => {
    const i = input(args);
    const subject = nodeOfType<IssueSrc>(env, i.subjectId, ISSUEISH);
    const made = twin(env, 'addComment', 'an issue', 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments', issueParams(subject), { body: i.body });
    const comment = restSrc('IssueComment', subject.repo, made, subject.number);
    const count = Number(reload(env, subject).issue.comments ?? 1);
    const edge = { __typename: 'IssueCommentEdge', node: comment, cursor: encodeCursor(count - 1) };
    return payload('AddCommentPayload', args, {
      commentEdge: edge,
      subject: reload(env, subject),
      timelineEdge: { __typename: 'IssueTimelineItemEdge', node: comment, cursor: encodeCursor(count - 1) },
    });
  },
  addLabelsToLabelable: (_r, args, env) => {
    const i = input(args);
    const target = nodeOfType<IssueSrc>(env, i.labelableId, ISSUEISH);
    twin(env, 'addLabelsToLabelable', 'an issue', 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels', issueParams(target), {
      labels: labelNames(env, i.labelIds),
    });
    return payload('AddLabelsToLabelablePayload', args, { labelable: reload(env, target) });
  },
  removeLabelsFromLabelable: (_r, args, env) => {
    const i = input(args);
    const target = nodeOfType<IssueSrc>(env, i.labelableId, ISSUEISH);
    const have = new Set(((target.issue.labels as Resource[] | undefined) ?? []).map((l) => String(l.name).toLowerCase()));
    // Labels the issue does not carry are left alone (GitHub's mutation does not fail on them).
    for (const name of labelNames(env, i.labelIds).filter((n) => have.has(n.toLowerCase())))
      twin(
        env,
        'removeLabelsFromLabelable',
        'an issue',
        'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
        { ...issueParams(target), name },
        {},
      );
    return payload('RemoveLabelsFromLabelablePayload', args, { labelable: reload(env, target) });
  },
  createPullRequest: (_r, args, env) => {
    const i = input(args);
    const repo = nodeOfType<RepoSrc>(env, i.repositoryId, ['Repository']);
    let head = String(i.headRefName ?? '');
    if (typeof i.headRepositoryId === 'string' && !head.includes(':')) {
      const headRepo = nodeOfType<RepoSrc>(env, i.headRepositoryId, ['Repository']);
      if (headRepo.repo.id !== repo.repo.id) head = `${headRepo.repo.ownerLogin}:${head}`;
    }
    const body: Resource = { title: i.title, head, base: i.baseRefName };
    if (typeof i.body === 'string') body.body = i.body;
    if (typeof i.draft === 'boolean') body.draft = i.draft;
    if (typeof i.maintainerCanModify === 'boolean') body.maintainer_can_modify = i.maintainerCanModify;
    const made = twin(env, 'createPullRequest', 'a repository', 'POST /repos/{owner}/{repo}/pulls', repoParams(repo.repo), body);
    return payload('CreatePullRequestPayload', args, { pullRequest: loadIssueish(env, repo.repo, Number(made.number), 'a pull request') });
  },
  mergePullRequest: (_r, args, env) => {
    const i = input(args);
    const pull = nodeOfType<IssueSrc>(env, i.pullRequestId, ['PullRequest']);
    const body: Resource = {};
    if (typeof i.commitHeadline === 'string') body.commit_title = i.commitHeadline;
    if (typeof i.commitBody === 'string') body.commit_message = i.commitBody;
    if (typeof i.mergeMethod === 'string') body.merge_method = i.mergeMethod.toLowerCase();
    if (typeof i.expectedHeadOid === 'string') body.sha = i.expectedHeadOid;
    twin(
      env,
      'mergePullRequest',
      'a pull request',
      'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge',
      { ...repoParams(pull.repo), pull_number: String(pull.number) },
      body,
    );
    return payload('MergePullRequestPayload', args, { pullRequest: reload(env, pull), actor: accountSrc(env, env.login) });
  },
  addPullRequestReview: (_r, args, env) => {
    const i = input(args);
    const pull = nodeOfType<IssueSrc>(env, i.pullRequestId, ['PullRequest']);
    const body: Resource = {};
    if (typeof i.body === 'string') body.body = i.body;
    if (typeof i.event === 'string') body.event = i.event;
    if (typeof i.commitOID === 'string') body.commit_id = i.commitOID;
    if (Array.isArray(i.comments)) body.comments = i.comments;
    const made = twin(
      env,
      'addPullRequestReview',
      'a pull request',
      'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      { ...repoParams(pull.repo), pull_number: String(pull.number) },
      body,
    );
    const review = restSrc('PullRequestReview', pull.repo, made, pull.number);
    return payload('AddPullRequestReviewPayload', args, {
      pullRequestReview: review,
      reviewEdge: { __typename: 'PullRequestReviewEdge', node: review, cursor: encodeCursor(0) },
    });
  },
  createRef: (_r, args, env) => {
    const i = input(args);
    const repo = nodeOfType<RepoSrc>(env, i.repositoryId, ['Repository']);
    const name = String(i.name ?? '');
    // GitHub's mutation wants a fully qualified name (`refs/heads/x`), as REST's `ref`.
    if (!name.startsWith('refs/') || name.split('/').length < 3)
      throw new GqlError(
        'UNPROCESSABLE',
        `Reference name ${JSON.stringify(name)} is not fully qualified (it must start with refs/ and have at least two slashes).`,
      );
    twin(env, 'createRef', 'a repository', 'POST /repos/{owner}/{repo}/git/refs', repoParams(repo.repo), { ref: name, sha: i.oid });
    return payload('CreateRefPayload', args, { ref: refNamed(env, repo.repo, name) });
  },
  deleteRef: (_r, args, env) => {
    const ref = nodeOfType<GitSrc>(env, input(args).refId, ['Ref']);
    const short = String(ref.name ?? '').replace(/^refs\//, '');
    twin(env, 'deleteRef', 'a ref', 'DELETE /repos/{owner}/{repo}/git/refs/{ref}', { ...repoParams(ref.repo), ref: short }, {});
    return payload('DeleteRefPayload', args, {});
  },
};

const field = (name: string) => (p: Record<string, unknown>) => p[name] ?? null;
const fieldsOf = (...names: string[]): TypeResolvers<Record<string, unknown>> => Object.fromEntries(['clientMutationId', ...names].map((n) => [n, field(n)]));

/** The payload types: each field is what its mutation put in it. */
export const PAYLOAD_FIELDS: Readonly<Record<string, TypeResolvers<Record<string, unknown>>>> = {
  CreateIssuePayload: fieldsOf('issue'),
  UpdateIssuePayload: fieldsOf('issue', 'actor'),
  CloseIssuePayload: fieldsOf('issue'),
  ReopenIssuePayload: fieldsOf('issue'),
  AddCommentPayload: fieldsOf('commentEdge', 'subject', 'timelineEdge'),
  AddLabelsToLabelablePayload: fieldsOf('labelable'),
  RemoveLabelsFromLabelablePayload: fieldsOf('labelable'),
  CreatePullRequestPayload: fieldsOf('pullRequest'),
  MergePullRequestPayload: fieldsOf('pullRequest', 'actor'),
  AddPullRequestReviewPayload: fieldsOf('pullRequestReview', 'reviewEdge'),
  CreateRefPayload: fieldsOf('ref'),
  DeleteRefPayload: fieldsOf(),
};
