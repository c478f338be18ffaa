import { z } from 'zod';
import type { Resource } from '../core/catalog/state.js';
import type { GitHubHost } from '../core/context.js';
import { findRepo } from '../core/lookup.js';
import type { CodeHostingState } from '../state.js';
import { parseInput } from '../../../util/parse.js';
import type { RelationRepo } from '../core/family.js';
import { commitChanges } from './model/contents.js';
import { type TreeChange, entryAt, getCommit, identOf, putBlob } from './model.js';
import type { GitIdent } from './state.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/** Seeds of the git graph: files and commits, committed on a branch like a push would. */

const IdentSchema = z.object({ name: z.string(), email: z.string(), date: z.string().optional() }).strict();

/** What `fakes.codeHosting.seed.file(...)` accepts. */
export const FileSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    /** Path of the file (`docs/README.md`). */
    path: z.string().min(1),
    /** The file's text (or base64 bytes with `encoding: 'base64'`). */
    content: z.string(),
    encoding: z.enum(['utf-8', 'base64']).default('utf-8'),
    /** Branch to commit on (default: the repository's default branch; created from it when missing). */
    branch: z.string().optional(),
    /** Commit message (default `Create <path>`). */
    message: z.string().optional(),
    /** Author (and committer) of the commit (default: the repository's owner, now). */
    author: IdentSchema.optional(),
  })
  .strict();
/** Input of a file seed. */
export type FileSeed = z.input<typeof FileSeedSchema>;

/** What `fakes.codeHosting.seed.commit(...)` accepts. */
export const CommitSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    /** Branch to commit on (default: the default branch; created from it when missing). */
    branch: z.string().optional(),
    message: z.string().default('Seed commit'),
    /** Files the commit writes (path → text) or removes (path → null). */
    files: z.record(z.string(), z.string().nullable()).default({}),
    author: IdentSchema.optional(),
  })
  .strict();
/** Input of a commit seed. */
export type CommitSeed = z.input<typeof CommitSeedSchema>;

/** What the file and commit seeds answer. */
export interface SeededCommit {
  /** The new commit's sha (the branch's head now). */
  sha: string;
  /** The sha of the commit's tree. */
  tree: string;
  branch: string;
}

/** The git seed helpers of `fakes.codeHosting.seed`. */
export interface GitSeeds {
  /**
   * Commits a file on a branch (default branch by default): readable through the contents API, the
   * git database, `/commits` and the branch's head.
   * @example fakes.codeHosting.seed.file({ owner: 'octo', repo: 'hello', path: 'README.md', content: '# hello\n' })
   */
  file(input: FileSeed): SeededCommit & { path: string; blobSha: string };
  /**
   * Makes one commit writing (text) and removing (null) files on a branch; answers its sha.
   * @example fakes.codeHosting.seed.commit({ owner: 'octo', repo: 'hello', branch: 'dev', files: { 'a.txt': 'a\n' }, message: 'Add a' })
   */
  commit(input: CommitSeed): SeededCommit;
}

/** The relation view of a seeded repository (throws a readable error when it was never seeded). */
export function seededRepo(state: CodeHostingState, owner: string, repo: string): RelationRepo {
  const record = findRepo(state, owner, repo);
  if (!record) throw new Error(`stuntdouble: no repository ${owner}/${repo}; seed it with fakes.codeHosting.seed.repo({ owner, repo })`);
  return { path: `/repos/${encodeURIComponent(record.ownerLogin)}/${encodeURIComponent(record.name)}`, defaultBranch: record.defaultBranch, record };
}

const identWith = (i: z.infer<typeof IdentSchema> | undefined, fallback: GitIdent): GitIdent | undefined =>
  i ? { name: i.name, email: i.email, date: i.date ? new Date(Date.parse(i.date)).toISOString() : fallback.date } : undefined;

/** Commits changes on a branch inside an update (the seed helpers and catalog seeds share it). */
export function seedChanges(
  state: CodeHostingState,
  repo: RelationRepo,
  files: Readonly<Record<string, Buffer | null>>,
  o: { branch?: string | undefined; message: string; author?: z.infer<typeof IdentSchema> | undefined; now: string; baseUrl: string },
): SeededCommit {
  const login = repo.record.ownerLogin;
  const author = identWith(o.author, identOf(login, o.now));
  const changes: TreeChange[] = Object.entries(files).map(([path, bytes]) => ({
    path: path.replace(/^\/+|\/+$/g, ''),
    entry: bytes === null ? null : { mode: '100644', type: 'blob', sha: putBlob(state, repo, bytes) },
  }));
  const branch = o.branch ?? repo.defaultBranch;
  const sha = commitChanges(state, repo, changes, { branch, message: o.message, login, now: o.now, baseUrl: o.baseUrl, ...(author ? { author } : {}) }, true);
  return { sha, tree: getCommit(state, repo, sha)?.tree ?? '', branch };
}

/** Builds the git seed helpers over the service host. */
export function gitSeeds(host: GitHubHost): GitSeeds {
  const env = () => ({ now: host.clock.now().toISOString(), baseUrl: host.baseUrls[0] ?? 'https://api.github.com' });
  return {
    file(input) {
      const s = parseInput(FileSeedSchema, input, 'codeHosting.seed.file()');
      return host.update((d) => {
        const state = d as CodeHostingState;
        const repo = seededRepo(state, s.owner, s.repo);
        const bytes = Buffer.from(s.content, s.encoding === 'base64' ? 'base64' : 'utf8');
        const out = seedChanges(state, repo, { [s.path]: bytes }, { branch: s.branch, message: s.message ?? `Create ${s.path}`, author: s.author, ...env() });
        const path = s.path.replace(/^\/+|\/+$/g, '');
        return { ...out, path, blobSha: entryAt(state, repo, out.tree, path)?.sha ?? '' };
      });
    },
    commit(input) {
      const s = parseInput(CommitSeedSchema, input, 'codeHosting.seed.commit()');
      return host.update((d) => {
        const state = d as CodeHostingState;
        const repo = seededRepo(state, s.owner, s.repo);
        const files = Object.fromEntries(Object.entries(s.files).map(([p, t]) => [p, t === null ? null : Buffer.from(t, 'utf8')]));
        return seedChanges(state, repo, files, { branch: s.branch, message: s.message, author: s.author, ...env() });
      });
    },
  };
}

/**
 * `seed.resource` of a contents path (`/repos/o/r/contents/docs/a.md`, body `{ content: 'text' }` or
 * base64 with `encoding: 'base64'`, optional `branch`, `message`) commits the file; `/readme` paths
 * commit a `README.md` in that directory. Answers the file's content item.
 */
export function seedContentsResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/(contents|readme)(?:\/(.*))?$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no contents path`);
  const repo = seededRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string));
  const rest = decodeURIComponent(m[4] ?? '');
  const path = m[3] === 'readme' ? (rest ? `${rest}/README.md` : 'README.md') : rest;
  const text = typeof body.content === 'string' ? body.content : '';
  const bytes = Buffer.from(text, body.encoding === 'base64' ? 'base64' : 'utf8');
  const branch = typeof body.branch === 'string' ? body.branch : undefined;
  const message = typeof body.message === 'string' ? body.message : `Create ${path}`;
  const out = seedChanges(state, repo, { [path]: bytes }, { branch, message, ...env });
  const e = entryAt(state, repo, out.tree, path);
  return { path, sha: e?.sha, commit: out.sha, branch: out.branch };
}

const R = '/repos/{owner}/{repo}';

/**
 * The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a contents or readme path commits
 * the file in the graph.
 */
export const GIT_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/contents/{path}`]: seedContentsResource,
  [`${R}/readme`]: seedContentsResource,
  [`${R}/readme/{dir}`]: seedContentsResource,
});
