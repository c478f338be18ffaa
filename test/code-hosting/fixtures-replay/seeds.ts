import type { Fakes } from 'stuntdouble';

// What each recorded session presupposes, read off the recording's own requests and answers: the
// accounts and repositories it names, the commits, issues, labels, releases and files its first
// answers show. Written once by hand (never the recorded answers replayed into the fake). A seed answers
// the recording's shas (normalized to 000…1, 000…2) mapped to the fake's commits of the same role.

/** The recorded sessions' accounts: the caller (token …1), a second user (token …2), the organization. */
export const USER_A = 'octokit-fixture-user-a';
export const USER_B = 'octokit-fixture-user-b';
export const ORG = 'octokit-fixture-org';
/** The recorded tokens, by the login they act as. */
export const TOKENS: Record<string, string> = {
  '0000000000000000000000000000000000000001': USER_A,
  '0000000000000000000000000000000000000002': USER_B,
};

/** A scenario's seed: what it stores; answers the recorded shas → the fake's. */
export type ScenarioSeed = (fakes: Fakes) => Record<string, string> | undefined;

const sha = (n: number) => `${'0'.repeat(39)}${n}`;

/** The default labels GitHub gave the `labels` scenario's repository (its first answer lists them). */
const DEFAULT_LABELS: ReadonlyArray<readonly [name: string, color: string, description: string]> = [
  ['bug', 'd73a4a', "Something isn't working"],
  ['documentation', '0075ca', 'Improvements or additions to documentation'],
  ['duplicate', 'cfd3d7', 'This issue or pull request already exists'],
  ['enhancement', 'a2eeef', 'New feature or request'],
  ['good first issue', '7057ff', 'Good for newcomers'],
  ['help wanted', '008672', 'Extra attention is needed'],
  ['invalid', 'e4e669', "This doesn't seem right"],
  ['question', 'd876e3', 'Further information is requested'],
  ['wontfix', 'ffffff', 'This will not be worked on'],
];

const seed = (fakes: Fakes) => fakes.codeHosting.seed;

/** Per scenario, what its recording presupposes beyond the accounts and the repositories its paths name. */
export const SEEDS: Record<string, ScenarioSeed> = {
  // The commit whose statuses are created: the repository's head.
  'create-status': (fakes) => ({ [sha(1)]: seed(fakes).file({ owner: ORG, repo: 'create-status', path: 'README.md', content: '# create-status\n' }).sha }),
  // Two commits: `main` at 000…1, the ref `test` is created at 000…2 (its parent) and moved to 000…1.
  'git-refs': (fakes) => {
    const first = seed(fakes).file({ owner: ORG, repo: 'git-refs', path: 'README.md', content: '# git-refs\n' });
    const second = seed(fakes).file({ owner: ORG, repo: 'git-refs', path: 'test.txt', content: 'test\n' });
    return { [sha(1)]: second.sha, [sha(2)]: first.sha };
  },
  // A tarball of the default branch: one commit on it.
  'get-archive': (fakes) => {
    seed(fakes).file({ owner: ORG, repo: 'get-archive', path: 'README.md', content: '# get-archive\n' });
    return undefined;
  },
  // The repository's root lists README.md, whose raw content is `# hello-world`.
  'get-content': (fakes) => {
    seed(fakes).file({ owner: ORG, repo: 'hello-world', path: 'README.md', content: '# hello-world' });
    return undefined;
  },
  // The repository's topics (its recorded answer lists three).
  'get-repository': (fakes) => {
    seed(fakes).resource(`/repos/${ORG}/hello-world/topics`, { names: ['fixtures', 'hello', 'hello-world'] });
    return undefined;
  },
  // The markdown's context repository.
  markdown: (fakes) => {
    seed(fakes).repo({ owner: ORG, repo: 'hello-world', ownerType: 'Organization' });
    return undefined;
  },
  labels: (fakes) => {
    for (const [name, color, description] of DEFAULT_LABELS)
      seed(fakes).resource(`/repos/${ORG}/labels/labels/${encodeURIComponent(name)}`, { name, color, description, default: true });
    return undefined;
  },
  'lock-issue': (fakes) => {
    seed(fakes).issue({ owner: ORG, repo: 'lock-issue', number: 1, title: 'Test issue', user: USER_A });
    return undefined;
  },
  // 13 issues, listed 3 a page, newest first.
  'paginate-issues': (fakes) => {
    for (let n = 1; n <= 13; n++) seed(fakes).issue({ owner: ORG, repo: 'paginate-issues', number: n, title: `Test issue ${n}`, user: USER_A });
    return undefined;
  },
  // Two open issues mentioning "sesame" in the repository the query names.
  'search-issues': (fakes) => {
    seed(fakes).repo({ owner: ORG, repo: 'search-issues', ownerType: 'Organization' });
    seed(fakes).issue({
      owner: ORG,
      repo: 'search-issues',
      number: 1,
      title: 'The doors don’t open',
      body: 'I tried "open sesame" as seen on Wikipedia but no luck!',
      user: USER_A,
    });
    seed(fakes).issue({
      owner: ORG,
      repo: 'search-issues',
      number: 2,
      title: 'Sesame seeds split without a pop!',
      body: 'I’ve waited all year long, but there was no pop 😭',
      user: USER_A,
    });
    return undefined;
  },
  'release-assets': (fakes) => {
    seed(fakes).file({ owner: ORG, repo: 'release-assets', path: 'README.md', content: '# release-assets\n' });
    seed(fakes).release({ owner: ORG, repo: 'release-assets', tag: 'v1.0.0', name: 'Version 1.0.0', body: 'Initial release', author: USER_A });
    return undefined;
  },
  // The release already has the asset the upload conflicts with.
  'release-assets-conflict': (fakes) => {
    seed(fakes).file({ owner: ORG, repo: 'release-assets-conflict', path: 'README.md', content: '# release-assets-conflict\n' });
    seed(fakes).release({
      owner: ORG,
      repo: 'release-assets-conflict',
      tag: 'v1.0.0',
      name: 'Version 1.0.0',
      body: 'Initial release',
      author: USER_A,
      assets: [{ name: 'test-upload.txt', label: 'test', contentType: 'text/plain', content: 'Hello, world!\n' }],
    });
    return undefined;
  },
  // The protection's restrictions name the organization's team `a-team`.
  'branch-protection': (fakes) => {
    seed(fakes).resource(`/orgs/${ORG}/teams/a-team`, {
      name: 'A-Team',
      description: 'If you have a problem, if no one else can help you, then if you can find them, maybe you can hire the A-Team!',
    });
    return undefined;
  },
};

/** Seeds what every recording presupposes: the accounts, the caller an owner of the organization, the tokens with their recorded scopes. */
export function seedAccounts(fakes: Fakes, scopes: readonly string[]): void {
  seed(fakes).account({ login: USER_A });
  seed(fakes).account({ login: USER_B });
  seed(fakes).account({ login: ORG, type: 'Organization' });
  seed(fakes).resource(`/orgs/${ORG}/memberships/${USER_A}`, { role: 'admin' });
  for (const [token, login] of Object.entries(TOKENS)) {
    // biome-ignore lint/suspicious/noExplicitAny: the recorded scopes are checked by the token seed itself.
    seed(fakes).token({ type: 'classic', token, login, scopes: scopes as any });
  }
}

/** Seeds the repositories a recording's paths name (`/repos/{owner}/{repo}/...`), owned by the organization. */
export function seedRepos(fakes: Fakes, paths: readonly string[]): void {
  const seen = new Set<string>();
  for (const p of paths) {
    const m = /^\/repos\/([^/]+)\/([^/?]+)/.exec(p);
    if (!m || seen.has(`${m[1]}/${m[2]}`)) continue;
    seen.add(`${m[1]}/${m[2]}`);
    try {
      seed(fakes).repo({ owner: m[1] as string, repo: m[2] as string, ownerType: 'Organization' });
    } catch {
      // seeded by the scenario already
    }
  }
}
