import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Notifications made by the fake's own activity, through Octokit: who an issue, a comment, an
// assignment, a mention, a review request or an invitation concerns gets a thread (GitHub's reasons),
// never the actor; marking read answers 205 as the recorded real session of @octokit/fixtures
// (`mark-notifications-as-read`) does; threads, subscriptions and GitHub's token rules (classic
// `notifications` or `repo`; fine-grained and app tokens refused).

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');
const require = createRequire(import.meta.url);

function expectDocumented(path: string, method: string, status: number, data: unknown): void {
  const v = o.validator(path, method, status);
  expect(v, `${method} ${path}`).toBeDefined();
  expect(v?.(data), `${path}: ${JSON.stringify(v?.errors)}`).toBe(true);
}

describe('notifications from the fake’s own activity', () => {
  let fakes: Fakes;
  let octo: Octokit;
  let mona: Octokit;
  let hubot: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-01T10:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R, defaultBranch: 'main' });
    const as = (login: string, scopes: Array<'repo' | 'notifications'>) =>
      new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login, scopes }), request: { retries: 0 } });
    octo = as('octo', ['repo', 'notifications']);
    mona = as('mona', ['repo']);
    hubot = as('hubot', ['notifications']);
  });
  afterEach(() => fakes.uninstall());

  const inbox = async (as: Octokit, all = false) =>
    (await as.rest.activity.listNotificationsForAuthenticatedUser({ all })).data.map(
      (t) => `${t.subject.type} ${t.subject.title}: ${t.reason}${t.unread ? '' : ' (read)'}`,
    );

  it('an issue, a mention, a comment and an assignment notify whom they concern, never the actor', async () => {
    await mona.rest.issues.create({ ...R, title: 'Crash', body: 'cc @hubot' });
    expect(await inbox(mona)).toEqual([]);
    expect(await inbox(hubot)).toEqual(['Issue Crash: mention']);
    expect(await inbox(octo)).toEqual(['Issue Crash: subscribed']);

    await octo.rest.issues.createComment({ ...R, issue_number: 1, body: 'Looking into it' });
    const threads = await mona.rest.activity.listNotificationsForAuthenticatedUser();
    expectDocumented('/notifications', 'GET', 200, threads.data);
    expect(threads.data).toHaveLength(1);
    expect(threads.data[0]).toMatchObject({
      reason: 'author',
      unread: true,
      subject: {
        title: 'Crash',
        type: 'Issue',
        url: 'https://api.github.com/repos/octo/hello/issues/1',
        latest_comment_url: expect.stringMatching(/\/issues\/comments\/\d+$/),
      },
      repository: { full_name: 'octo/hello' },
      url: `https://api.github.com/notifications/threads/${threads.data[0]?.id}`,
    });
    expect(await inbox(octo)).toEqual(['Issue Crash: subscribed']);
    // Mentioned once, hubot keeps `mention` as the reason when later comments bump the thread.
    expect(await inbox(hubot)).toEqual(['Issue Crash: mention']);

    await octo.rest.issues.addAssignees({ ...R, issue_number: 1, assignees: ['hubot'] });
    expect(await inbox(hubot)).toEqual(['Issue Crash: assign']);
  });

  it('a review request and a repository invitation notify the reviewer and the invitee', async () => {
    const main = (await octo.rest.repos.getBranch({ ...R, branch: 'main' })).data.commit.sha;
    await octo.rest.git.createRef({ ...R, ref: 'refs/heads/f', sha: main });
    await octo.rest.repos.createOrUpdateFileContents({ ...R, path: 'f.txt', branch: 'f', message: 'f', content: Buffer.from('f').toString('base64') });
    await octo.rest.pulls.create({ ...R, title: 'Feature', head: 'f', base: 'main' });
    await octo.rest.repos.addCollaborator({ ...R, username: 'mona' });
    await octo.rest.pulls.requestReviewers({ ...R, pull_number: 1, reviewers: ['mona'] });
    expect(await inbox(mona)).toEqual(['PullRequest Feature: review_requested', 'RepositoryInvitation Invitation to join octo/hello from octo: invitation']);
  });

  it('marking read: PUT /notifications answers 205 as GitHub’s recorded session; threads read, done, and subscriptions', async () => {
    await mona.rest.issues.create({ ...R, title: 'One', body: '@hubot' });
    await mona.rest.issues.create({ ...R, title: 'Two', body: '@hubot' });
    const fixture = JSON.parse(
      readFileSync(require.resolve('@octokit/fixtures/scenarios/api.github.com/mark-notifications-as-read/normalized-fixture.json'), 'utf8'),
    )[0];
    const put = await hubot.request('PUT /notifications');
    expect(put.status).toBe(fixture.status);
    expect(put.status).toBe(205);
    expect(put.data).toBe('');
    expect(put.headers['x-accepted-oauth-scopes']).toBe(fixture.headers['x-accepted-oauth-scopes']);
    expect(await inbox(hubot)).toEqual([]);
    expect(await inbox(hubot, true)).toEqual(['Issue Two: mention (read)', 'Issue One: mention (read)']);

    // New activity makes a read thread unread again, at the top.
    await mona.rest.issues.createComment({ ...R, issue_number: 1, body: 'ping @hubot' });
    const [thread] = (await hubot.rest.activity.listNotificationsForAuthenticatedUser()).data;
    expect(thread?.subject.title).toBe('One');
    const id = Number(thread?.id);
    const got = await hubot.rest.activity.getThread({ thread_id: id });
    expectDocumented('/notifications/threads/{thread_id}', 'GET', 200, got.data);
    expect((await hubot.rest.activity.markThreadAsRead({ thread_id: id })).status).toBe(205);
    expect((await hubot.rest.activity.getThread({ thread_id: id })).data).toMatchObject({ unread: false, last_read_at: '2024-03-01T10:00:00.000Z' });

    // Somebody else's thread is 404 to them.
    await expect(mona.rest.activity.getThread({ thread_id: id })).rejects.toMatchObject({ status: 404 });

    // Muted (ignored), the thread gets nothing more; done, it leaves the inbox.
    const sub = await hubot.rest.activity.setThreadSubscription({ thread_id: id, ignored: true });
    expectDocumented('/notifications/threads/{thread_id}/subscription', 'PUT', 200, sub.data);
    expect(sub.data).toMatchObject({ subscribed: false, ignored: true, thread_url: `https://api.github.com/notifications/threads/${id}` });
    await mona.rest.issues.createComment({ ...R, issue_number: 1, body: 'again @hubot' });
    expect(await inbox(hubot)).toEqual([]);
    expect((await hubot.rest.activity.markThreadAsDone({ thread_id: id })).status).toBe(204);
    expect(await inbox(hubot, true)).toEqual(['Issue Two: mention (read)']);

    // A repository's part of the inbox, and marking only it read.
    await mona.rest.issues.createComment({ ...R, issue_number: 2, body: '@hubot' });
    expect((await hubot.rest.activity.listRepoNotificationsForAuthenticatedUser(R)).data.map((t) => t.subject.title)).toEqual(['Two']);
    expect((await hubot.rest.activity.markRepoNotificationsAsRead(R)).status).toBe(205);
    expect(await inbox(hubot)).toEqual([]);
  });

  it('GitHub’s token rules: classic with notifications or repo; no token 401; fine-grained and app tokens 403', async () => {
    await expect(new Octokit({ request: { retries: 0 } }).rest.activity.listNotificationsForAuthenticatedUser()).rejects.toMatchObject({ status: 401 });
    const fine = new Octokit({
      auth: fakes.codeHosting.seed.token({ type: 'fine-grained', login: 'mona', permissions: { issues: 'write' } }),
      request: { retries: 0 },
    });
    await expect(fine.rest.activity.listNotificationsForAuthenticatedUser()).rejects.toMatchObject({ status: 403 });
    const app = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'installation' }), request: { retries: 0 } });
    await expect(app.rest.activity.listNotificationsForAuthenticatedUser()).rejects.toMatchObject({ status: 403 });
    const gist = new Octokit({ auth: fakes.codeHosting.seed.token({ type: 'classic', login: 'mona', scopes: ['gist'] }), request: { retries: 0 } });
    const refused = await gist.rest.activity.listNotificationsForAuthenticatedUser().catch((e) => e);
    expect(refused.status).toBe(403);
    expect(refused.response.headers['x-accepted-oauth-scopes']).toBe('notifications, repo');
    expect((await mona.rest.activity.listNotificationsForAuthenticatedUser()).status).toBe(200);
  });
});
