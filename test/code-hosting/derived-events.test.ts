import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Activity events (GitHub's Events API) derived from the writes the fake saw, checked against what
// GitHub documents: the event types of "GitHub event types" (IssuesEvent for opened/closed issues,
// IssueCommentEvent, CreateEvent/DeleteEvent for refs, PushEvent, PullRequestEvent, WatchEvent for a
// star, ReleaseEvent, ForkEvent, MemberEvent, PublicEvent), each payload validated against its schema
// in GitHub's OpenAPI description (`issues-event`, `push-event`, ...), the envelope against `event`;
// timelines newest first, 30 a page, 300 events at most (422 past them), 90 days, X-Poll-Interval.

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');
/** The description's payload schema of each event type. */
const PAYLOAD: Record<string, string> = {
  CreateEvent: 'create-event',
  DeleteEvent: 'delete-event',
  IssuesEvent: 'issues-event',
  IssueCommentEvent: 'issue-comment-event',
  ForkEvent: 'fork-event',
  MemberEvent: 'member-event',
  PublicEvent: 'public-event',
  PushEvent: 'push-event',
  PullRequestEvent: 'pull-request-event',
  PullRequestReviewEvent: 'pull-request-review-event',
  PullRequestReviewCommentEvent: 'pull-request-review-comment-event',
  CommitCommentEvent: 'commit-comment-event',
  ReleaseEvent: 'release-event',
  WatchEvent: 'watch-event',
};

// biome-ignore lint/suspicious/noExplicitAny: events are checked field by field against the description.
type Ev = any;

/** Every event valid against GitHub's description: the envelope (`event`), then its payload's own schema. */
function expectDocumented(events: Ev[], path: string): void {
  const envelope = o.validator(path, 'GET', 200);
  expect(envelope).toBeDefined();
  // The description's `payload` is a oneOf whose `public-event` branch (any object) overlaps the others:
  // the envelope is checked with an empty payload, the payload against its type's schema.
  const ok = envelope?.(events.map((e) => ({ ...e, payload: {} })));
  expect(envelope?.errors ?? [], JSON.stringify(envelope?.errors)).toEqual([]);
  expect(ok).toBe(true);
  for (const e of events) {
    const name = PAYLOAD[e.type];
    expect(name, e.type).toBeDefined();
    const v = o.component(name as string);
    expect(v(e.payload), `${e.type}: ${JSON.stringify(v.errors)}`).toBe(true);
    expect(typeof e.id).toBe('string');
  }
}

describe('events derived from the writes the fake saw', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, defaultBranch: 'main', description: 'Hello' });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('a repository timeline lists each write as GitHub records it, newest first, every payload as documented', async () => {
    const put = (path: string, text: string, branch?: string, sha?: string) =>
      octokit.rest.repos.createOrUpdateFileContents({
        ...R,
        path,
        message: `write ${path}`,
        content: Buffer.from(text).toString('base64'),
        ...(branch ? { branch } : {}),
        ...(sha ? { sha } : {}),
      });
    const first = await put('a.txt', 'a\n');
    const mainBefore = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await octokit.rest.issues.create({ ...R, title: 'Crash', labels: ['bug'] });
    await octokit.rest.issues.createComment({ ...R, issue_number: 1, body: 'seen' });
    await octokit.rest.git.createRef({ ...R, ref: 'refs/heads/feature', sha: mainBefore });
    await put('b.txt', 'b\n', 'feature');
    await octokit.rest.pulls.create({ ...R, title: 'Feature', head: 'feature', base: 'main' });
    await octokit.rest.pulls.createReview({ ...R, pull_number: 2, event: 'COMMENT', body: 'fine' });
    await octokit.rest.issues.update({ ...R, issue_number: 1, state: 'closed' });
    await octokit.rest.activity.starRepoForAuthenticatedUser(R);
    await octokit.rest.pulls.merge({ ...R, pull_number: 2 });
    const mainAfter = (await octokit.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await octokit.rest.repos.createRelease({ ...R, tag_name: 'v1.0.0', name: 'One' });
    await octokit.rest.git.deleteRef({ ...R, ref: 'heads/feature' });

    const res = await octokit.rest.activity.listRepoEvents(R);
    expect(res.headers['x-poll-interval']).toBe('60');
    const events = res.data as Ev[];
    expectDocumented(events, '/repos/{owner}/{repo}/events');
    expect(events.map((e) => `${e.type}${e.payload.action ? `:${e.payload.action}` : ''}${e.payload.ref_type ? `:${e.payload.ref_type}` : ''}`)).toEqual([
      'DeleteEvent:branch',
      'ReleaseEvent:published',
      'CreateEvent:tag',
      'PullRequestEvent:closed',
      'PushEvent',
      'WatchEvent:started',
      'IssuesEvent:closed',
      'PullRequestReviewEvent:created',
      'PullRequestEvent:opened',
      'PushEvent',
      'CreateEvent:branch',
      'IssueCommentEvent:created',
      'IssuesEvent:opened',
      'PushEvent',
    ]);
    // Every event names its actor and repository as GitHub does.
    for (const e of events) {
      expect(e.actor).toMatchObject({ login: 'octocat', display_login: 'octocat', url: 'https://api.github.com/users/octocat' });
      expect(e.repo).toEqual({ id: expect.any(Number), name: 'octo/hello', url: 'https://api.github.com/repos/octo/hello' });
      expect(e.public).toBe(true);
      expect(e.created_at).toBe('2024-03-01T10:00:00.000Z');
    }
    // The payloads carry what happened: the pushes' refs and heads, the merge onto main, the objects.
    const pushes = events.filter((e) => e.type === 'PushEvent');
    expect(pushes[0].payload).toMatchObject({ ref: 'refs/heads/main', before: mainBefore, head: mainAfter });
    expect(pushes[2].payload).toMatchObject({ ref: 'refs/heads/main', head: first.data.commit.sha });
    expect(new Set(pushes.map((p) => p.payload.push_id)).size).toBe(3);
    const opened = events.find((e) => e.type === 'IssuesEvent' && e.payload.action === 'opened');
    expect(opened.payload.issue).toMatchObject({ number: 1, title: 'Crash', labels: [expect.objectContaining({ name: 'bug' })] });
    expect(events.find((e) => e.type === 'IssueCommentEvent').payload.comment).toMatchObject({ body: 'seen' });
    const pr = events.find((e) => e.type === 'PullRequestEvent' && e.payload.action === 'opened').payload;
    expect(pr).toMatchObject({ number: 2, pull_request: { number: 2, head: { ref: 'feature' }, base: { ref: 'main' } } });
    expect(events.find((e) => e.type === 'ReleaseEvent').payload.release).toMatchObject({ tag_name: 'v1.0.0', name: 'One' });
    expect(events.find((e) => e.type === 'CreateEvent' && e.payload.ref_type === 'branch').payload).toMatchObject({
      ref: 'feature',
      full_ref: 'refs/heads/feature',
      master_branch: 'main',
    });
  });

  it('a user sees their own private events; others, the public ones; /events and /users/{u}/events/public only public ones', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'secret', private: true });
    await octokit.rest.issues.create({ owner: 'octocat', repo: 'secret', title: 'Private' });
    await octokit.rest.issues.create({ ...R, title: 'Public' });
    const mine = (await octokit.rest.activity.listEventsForAuthenticatedUser({ username: 'octocat' })).data as Ev[];
    expect(mine.map((e) => [e.repo.name, e.public])).toEqual([
      ['octo/hello', true],
      ['octocat/secret', false],
    ]);
    const anon = new Octokit({ request: { retries: 0 } });
    const theirs = (await anon.rest.activity.listEventsForAuthenticatedUser({ username: 'octocat' })).data as Ev[];
    expect(theirs.map((e) => e.repo.name)).toEqual(['octo/hello']);
    expect(((await anon.rest.activity.listPublicEventsForUser({ username: 'octocat' })).data as Ev[]).map((e) => e.repo.name)).toEqual(['octo/hello']);
    const all = (await anon.rest.activity.listPublicEvents()).data as Ev[];
    expectDocumented(all, '/events');
    expect(all.map((e) => e.repo.name)).toEqual(['octo/hello']);
    await expect(anon.rest.activity.listRepoEvents({ owner: 'octocat', repo: 'secret' })).rejects.toMatchObject({ status: 404 });
  });

  it('organization events carry the org; followers and the owner receive events', async () => {
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.repo({ owner: 'acme', repo: 'api', ownerType: 'Organization' });
    const mona = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona', scopes: ['repo', 'user'] }), request: { retries: 0 } });
    const hubot = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'hubot', scopes: ['repo', 'user'] }), request: { retries: 0 } });
    const octo = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'octo', scopes: ['repo', 'user'] }), request: { retries: 0 } });
    await hubot.rest.users.follow({ username: 'mona' });
    await mona.rest.issues.create({ owner: 'acme', repo: 'api', title: 'Org issue' });
    await mona.rest.issues.create({ ...R, title: 'User issue' });

    const org = (await hubot.rest.activity.listPublicOrgEvents({ org: 'acme' })).data as Ev[];
    expectDocumented(org, '/orgs/{org}/events');
    expect(org).toHaveLength(1);
    expect(org[0]).toMatchObject({ type: 'IssuesEvent', org: { login: 'acme', url: 'https://api.github.com/orgs/acme' }, actor: { login: 'mona' } });

    // hubot follows mona: both of mona's events; octo owns octo/hello: the event there.
    const received = (await hubot.rest.activity.listReceivedEventsForUser({ username: 'hubot' })).data as Ev[];
    expect(received.map((e) => e.repo.name)).toEqual(['octo/hello', 'acme/api']);
    const owner = (await octo.rest.activity.listReceivedEventsForUser({ username: 'octo' })).data as Ev[];
    expect(owner.map((e) => e.repo.name)).toEqual(['octo/hello']);
    expect(((await octo.rest.activity.listReceivedPublicEventsForUser({ username: 'hubot' })).data as Ev[]).map((e) => e.repo.name)).toEqual([
      'octo/hello',
      'acme/api',
    ]);

    // The organization dashboard (GET /users/{username}/events/orgs/{org}): the user's own only.
    const dashboard = (await mona.rest.activity.listOrgEventsForAuthenticatedUser({ username: 'mona', org: 'acme' })).data as Ev[];
    expectDocumented(dashboard, '/users/{username}/events/orgs/{org}');
    expect(dashboard.map((e) => [e.type, e.repo.name])).toEqual([['IssuesEvent', 'acme/api']]);
    await expect(hubot.rest.activity.listOrgEventsForAuthenticatedUser({ username: 'mona', org: 'acme' })).rejects.toMatchObject({ status: 404 });
    // Anonymous: GitHub's "Requires authentication".
    await expect(
      new Octokit({ request: { retries: 0 } }).rest.activity.listOrgEventsForAuthenticatedUser({ username: 'mona', org: 'acme' }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('a fork network’s public events; a private network is 404 to those who may not see it, empty to those who may', async () => {
    await octokit.rest.issues.create({ ...R, title: 'Public issue' });
    const net = (await octokit.rest.activity.listPublicEventsForRepoNetwork(R)).data as Ev[];
    expectDocumented(net, '/networks/{owner}/{repo}/events');
    expect(net.map((e) => e.type)).toContain('IssuesEvent');
    fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'secret', private: true });
    await octokit.rest.issues.create({ owner: 'octo', repo: 'secret', title: 'Private issue' });
    expect((await octokit.rest.activity.listPublicEventsForRepoNetwork({ owner: 'octo', repo: 'secret' })).data).toEqual([]);
    const anon = new Octokit({ request: { retries: 0 } });
    await expect(anon.rest.activity.listPublicEventsForRepoNetwork({ owner: 'octo', repo: 'secret' })).rejects.toMatchObject({ status: 404 });
    const mona = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona', scopes: ['repo'] }), request: { retries: 0 } });
    await expect(mona.rest.activity.listPublicEventsForRepoNetwork({ owner: 'octo', repo: 'secret' })).rejects.toMatchObject({ status: 404 });
  });

  it('pages 30 at a time, keeps GitHub’s 300 newest, refuses pages past them with GitHub’s 422, lists 90 days', async () => {
    // 310 stars and unstars (one WatchEvent per star) on one repository.
    for (let i = 0; i < 310; i++) {
      await octokit.rest.activity.starRepoForAuthenticatedUser(R);
      await octokit.rest.activity.unstarRepoForAuthenticatedUser(R);
    }
    const first = await octokit.rest.activity.listRepoEvents(R);
    expect(first.data).toHaveLength(30);
    expect(first.headers.link).toContain('page=10>; rel="last"');
    const all = await octokit.paginate(octokit.rest.activity.listRepoEvents, { ...R, per_page: 100 });
    expect(all).toHaveLength(300);
    expect(new Set(all.map((e) => e.id)).size).toBe(300);
    const err = await octokit.rest.activity.listRepoEvents({ ...R, per_page: 100, page: 4 }).catch((e) => e);
    expect(err.status).toBe(422);
    expect(err.response.data.message).toMatch(/^In order to keep the API fast for everyone, pagination is limited for this resource\./);
    fakes.clock.advance('91d');
    expect((await octokit.rest.activity.listRepoEvents(R)).data).toEqual([]);
  });

  it('forks, collaborators, making a repository public and creating one are events too', async () => {
    fakes.codeHosting.seed.repo({ owner: 'octocat', repo: 'closed', private: true });
    await octokit.rest.repos.createForAuthenticatedUser({ name: 'fresh', description: 'new' });
    await octokit.rest.repos.update({ owner: 'octocat', repo: 'closed', private: false });
    await octokit.rest.repos.createFork(R);
    const mine = (await octokit.rest.activity.listEventsForAuthenticatedUser({ username: 'octocat' })).data as Ev[];
    expectDocumented(mine, '/users/{username}/events');
    expect(mine.map((e) => `${e.type} ${e.repo.name}`)).toEqual(['ForkEvent octo/hello', 'PublicEvent octocat/closed', 'CreateEvent octocat/fresh']);
    expect(mine[0].payload.forkee).toMatchObject({ full_name: 'octocat/hello', fork: true });
    expect(mine[2].payload).toMatchObject({ ref_type: 'repository', ref: 'main', master_branch: 'main', description: 'new' });

    // A collaborator joins when they accept the invitation: MemberEvent `added` on the repository.
    const mona = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona', scopes: ['repo'] }), request: { retries: 0 } });
    const owner = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'octo', scopes: ['repo'] }), request: { retries: 0 } });
    const invitation = await owner.rest.repos.addCollaborator({ ...R, username: 'mona' });
    expect(invitation.status).toBe(201);
    expect(((await owner.rest.activity.listRepoEvents(R)).data as Ev[]).map((e) => e.type)).not.toContain('MemberEvent');
    await mona.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id: invitation.data.id });
    const repoEvents = (await owner.rest.activity.listRepoEvents(R)).data as Ev[];
    expectDocumented(repoEvents, '/repos/{owner}/{repo}/events');
    expect(repoEvents[0]).toMatchObject({ type: 'MemberEvent', actor: { login: 'octo' }, payload: { action: 'added', member: { login: 'mona' } } });
  });
});
