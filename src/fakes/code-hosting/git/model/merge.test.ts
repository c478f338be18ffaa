import type { Draft } from 'immer';
import { describe, expect, it } from 'vitest';
import { createRepo } from '../../repos/model.js';
import { branchHead } from './heads.js';
import { type CodeHostingState, initialCodeHostingState } from '../../state.js';
import { getCommit } from '../model.js';
import { mergeBranch } from './merge.js';
import { seedChanges, seededRepo } from '../seed.js';

// mergeBranch is what a pull request's merge calls inside its own state update.

describe('mergeBranch', () => {
  const setup = () => {
    // A plain object stands for the request's draft (the models only write through it).
    const state = initialCodeHostingState() as Draft<CodeHostingState>;
    createRepo(state, { owner: 'octo', name: 'hello', now: '2024-01-01T00:00:00Z' });
    const repo = seededRepo(state, 'octo', 'hello');
    const env = { now: '2024-01-02T00:00:00Z', baseUrl: 'https://api.github.com' };
    const main = seedChanges(state, repo, { 'a.txt': Buffer.from('a\n') }, { message: 'a', ...env });
    const feature = seedChanges(state, repo, { 'b.txt': Buffer.from('b\n') }, { branch: 'feature', message: 'b', ...env });
    return { state, repo, main, feature };
  };

  it('makes a merge commit with both heads as parents and moves the base branch to it', () => {
    const { state, repo, main, feature } = setup();
    seedChanges(state, repo, { 'c.txt': Buffer.from('c\n') }, { message: 'c', now: '2024-01-03T00:00:00Z', baseUrl: 'https://api.github.com' });
    const before = branchHead(state.catalog, { path: repo.path, defaultBranch: 'main', createdAt: repo.record.createdAt }, 'main') as string;
    expect(before).not.toBe(main.sha);
    const sha = mergeBranch(state, '/repos/octo/hello', 'main', 'feature', { message: 'Merge pull request #1', login: 'mona', now: '2024-01-04T00:00:00Z' });
    const c = getCommit(state, repo, sha);
    expect(c?.parents).toEqual([before, feature.sha]);
    expect(c?.message).toBe('Merge pull request #1');
    expect(c?.author.name).toBe('mona');
    expect(branchHead(state.catalog, { path: repo.path, defaultBranch: 'main', createdAt: repo.record.createdAt }, 'main')).toBe(sha);
  });

  it('answers the unchanged head when there is nothing to merge; throws 409 on a conflict and 404 for a missing side', () => {
    const { state, repo, feature } = setup();
    const head = mergeBranch(state, '/repos/octo/hello', 'feature', 'main', { login: 'mona', now: '2024-01-04T00:00:00Z' });
    expect(head).toBe(feature.sha);
    const env = { now: '2024-01-05T00:00:00Z', baseUrl: 'https://api.github.com' };
    seedChanges(state, repo, { 'a.txt': Buffer.from('main\n') }, { message: 'main', ...env });
    seedChanges(state, repo, { 'a.txt': Buffer.from('feature\n') }, { branch: 'feature', message: 'feature', ...env });
    expect(() => mergeBranch(state, '/repos/octo/hello', 'main', 'feature', { login: 'mona', now: env.now })).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => mergeBranch(state, '/repos/octo/hello', 'nope', 'feature', { login: 'mona', now: env.now })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => mergeBranch(state, '/repos/octo/nope', 'main', 'feature', { login: 'mona', now: env.now })).toThrow(expect.objectContaining({ status: 404 }));
  });
});
