import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oracle } from './conformance/oracle.js';

// Self-hosted runner labels through the real Octokit (actions/self-hosted-runners): a seeded runner keeps
// its id and name; labels added (POST), set (PUT) and removed (DELETE) read back, read-only labels stay,
// and every answer validates against GitHub's OpenAPI description.

const R = { owner: 'octo', repo: 'hello' } as const;
const o = oracle('api.github.com');
const names = (d: { labels: Array<{ name: string }> }) => d.labels.map((l) => l.name);

describe('self-hosted runner labels', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-01-10T00:00:00Z' }).install();
    fakes.codeHosting.seed.repo({ ...R });
    fakes.codeHosting.seed.account({ login: 'acme', type: 'Organization' });
    fakes.codeHosting.seed.resource('/repos/octo/hello/actions/runners/1', { name: 'build-1', labels: ['self-hosted', 'Linux'] });
    fakes.codeHosting.seed.resource('/orgs/acme/actions/runners/5', { name: 'org-runner' });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('a seeded runner reads back with its id and name', async () => {
    const one = (await octokit.rest.actions.getSelfHostedRunnerForRepo({ ...R, runner_id: 1 })).data;
    expect(one).toMatchObject({ id: 1, name: 'build-1' });
    expect(one.labels.map((l) => [l.name, l.type])).toEqual([
      ['self-hosted', 'read-only'],
      ['Linux', 'read-only'],
    ]);
    expect(o.validator('/repos/{owner}/{repo}/actions/runners/{runner_id}', 'GET', 200)?.(one)).toBe(true);
    const listed = (await octokit.rest.actions.listSelfHostedRunnersForRepo(R)).data;
    expect(listed.runners.map((r) => r.id)).toEqual([1]);
  });

  it('labels added, set and removed read back; read-only labels stay', async () => {
    const path = '/repos/{owner}/{repo}/actions/runners/{runner_id}/labels';
    const added = (await octokit.rest.actions.addCustomLabelsToSelfHostedRunnerForRepo({ ...R, runner_id: 1, labels: ['gpu', 'x64'] })).data;
    expect(names(added)).toEqual(['self-hosted', 'Linux', 'gpu', 'x64']);
    expect(added.total_count).toBe(4);
    expect(o.validator(path, 'POST', 200)?.(added)).toBe(true);
    const listed = (await octokit.rest.actions.listLabelsForSelfHostedRunnerForRepo({ ...R, runner_id: 1 })).data;
    expect(listed).toEqual(added);
    expect(o.validator(path, 'GET', 200)?.(listed)).toBe(true);
    const set = (await octokit.rest.actions.setCustomLabelsForSelfHostedRunnerForRepo({ ...R, runner_id: 1, labels: ['arm'] })).data;
    expect(names(set)).toEqual(['self-hosted', 'Linux', 'arm']);
    expect(set.labels.find((l) => l.name === 'arm')?.type).toBe('custom');
    const removed = (await octokit.rest.actions.removeCustomLabelFromSelfHostedRunnerForRepo({ ...R, runner_id: 1, name: 'arm' })).data;
    expect(names(removed)).toEqual(['self-hosted', 'Linux']);
    await expect(octokit.rest.actions.removeCustomLabelFromSelfHostedRunnerForRepo({ ...R, runner_id: 1, name: 'arm' })).rejects.toMatchObject({ status: 404 });
    await octokit.rest.actions.addCustomLabelsToSelfHostedRunnerForRepo({ ...R, runner_id: 1, labels: ['tmp'] });
    const cleared = (await octokit.rest.actions.removeAllCustomLabelsFromSelfHostedRunnerForRepo({ ...R, runner_id: 1 })).data;
    expect(names(cleared)).toEqual(['self-hosted', 'Linux']);
    // The runner itself shows its labels.
    expect((await octokit.rest.actions.getSelfHostedRunnerForRepo({ ...R, runner_id: 1 })).data.labels.map((l) => l.name)).toEqual(['self-hosted', 'Linux']);
  });

  it('organization runners: the same rules; an unknown runner answers 404; no labels sent: 422', async () => {
    const added = (await octokit.rest.actions.addCustomLabelsToSelfHostedRunnerForOrg({ org: 'acme', runner_id: 5, labels: ['docker'] })).data;
    expect(names(added)).toEqual(['docker']);
    expect((await octokit.rest.actions.getSelfHostedRunnerForOrg({ org: 'acme', runner_id: 5 })).data).toMatchObject({ id: 5, name: 'org-runner' });
    await expect(octokit.rest.actions.listLabelsForSelfHostedRunnerForOrg({ org: 'acme', runner_id: 9 })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.actions.addCustomLabelsToSelfHostedRunnerForOrg({ org: 'acme', runner_id: 5, labels: [] })).rejects.toMatchObject({
      status: 422,
    });
  });
});
