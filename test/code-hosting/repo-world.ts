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
