import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';

/** The repository the relation tests start from. */
export const R = { owner: 'octo', repo: 'hello' } as const;

/** What a relation test works with: an installed fakes instance and Octokit with a lenient token. */
export interface RepoWorld {
  fakes: Fakes;
  octokit: Octokit;
}

/**
 * A fresh, installed fakes instance holding `octo/hello` (default branch `main`) on a fake clock, and
 * Octokit without retries. The caller uninstalls it (`afterEach(() => fakes.uninstall())`).
 * @example beforeEach(() => { ({ fakes, octokit } = repoWorld()); });
 */
export function repoWorld(clock = '2024-03-01T10:00:00Z'): RepoWorld {
  const fakes = createFakes({ clock }).install();
  fakes.codeHosting.seed.repo({ ...R, defaultBranch: 'main' });
  return { fakes, octokit: new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } }) };
}

/** A repo world whose default branch holds one commit (`a.txt`, message `ready`), and that commit's sha. */
export interface CommitWorld extends RepoWorld {
  sha: string;
}

/**
 * {@link repoWorld} with one commit on `main`: the commit that statuses, checks and deployments are put on.
 * @example beforeEach(() => { ({ fakes, octokit, sha } = commitWorld()); });
 */
export function commitWorld(clock?: string): CommitWorld {
  const world = repoWorld(clock);
  return { ...world, sha: world.fakes.codeHosting.seed.commit({ ...R, files: { 'a.txt': 'a\n' }, message: 'ready' }).sha };
}
