import { z } from 'zod';
import type { Resource } from '../core/catalog/state.js';
import type { GitHubHost } from '../core/context.js';
import type { CodeHostingState } from '../state.js';
import { parseInput } from '../../../util/parse.js';
import { seededRepo } from '../git/seed.js';
import { addAsset, createRelease, releaseView } from './model.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/** Seeds of releases (and their tags and assets). */

/** One asset of a seeded release. */
const AssetSeedSchema = z
  .object({
    name: z.string().min(1),
    label: z.string().nullable().optional(),
    contentType: z.string().optional(),
    /** The asset's bytes as text (its `size` is their length), or `size` alone. */
    content: z.string().optional(),
    size: z.number().int().nonnegative().optional(),
  })
  .strict();

/** What `fakes.codeHosting.seed.release(...)` accepts. */
export const ReleaseSeedSchema = z
  .object({
    owner: z.string().min(1),
    repo: z.string().min(1),
    /** The release's tag; created at `target` when it does not exist (published releases). */
    tag: z.string().min(1),
    /** Branch, tag or sha the tag is created at (default: the default branch). */
    target: z.string().optional(),
    name: z.string().nullable().optional(),
    body: z.string().nullable().optional(),
    draft: z.boolean().default(false),
    prerelease: z.boolean().default(false),
    /** Creation instant (ISO; default: now on the fake clock): `latest` is the newest published one. */
    createdAt: z.string().optional(),
    /** A fixed release id (default: the next id). */
    id: z.number().int().positive().optional(),
    /** Login of the author (default: the repository's owner). */
    author: z.string().optional(),
    assets: z.array(AssetSeedSchema).default([]),
  })
  .strict();
/** Input of a release seed. */
export type ReleaseSeed = z.input<typeof ReleaseSeedSchema>;

/** The release seed helper of `fakes.codeHosting.seed`. */
export interface ReleaseSeeds {
  /**
   * Seeds a release (its tag created when missing, its assets listed); answers GitHub's release JSON.
   * @example fakes.codeHosting.seed.release({ owner: 'octo', repo: 'hello', tag: 'v1.0.0', assets: [{ name: 'app.zip', content: 'zip' }] })
   */
  release(input: ReleaseSeed): Resource;
}

function seedRelease(state: CodeHostingState, s: z.output<typeof ReleaseSeedSchema>, env: { now: string; baseUrl: string }): Resource {
  const repo = seededRepo(state, s.owner, s.repo);
  const createdAt = s.createdAt ? new Date(Date.parse(s.createdAt)).toISOString() : undefined;
  const rec = createRelease(
    state,
    repo,
    {
      ...(s.id ? { id: s.id } : {}),
      tag_name: s.tag,
      ...(s.target ? { target_commitish: s.target } : {}),
      name: s.name ?? null,
      body: s.body ?? null,
      draft: s.draft,
      prerelease: s.prerelease,
      ...(createdAt ? { created_at: createdAt } : {}),
      author: s.author ?? repo.record.ownerLogin,
    },
    env,
  );
  for (const a of s.assets) {
    const size = a.size ?? Buffer.byteLength(a.content ?? '', 'utf8');
    addAsset(
      state,
      repo,
      rec.id,
      {
        name: a.name,
        size,
        uploader: rec.author,
        ...(a.label !== undefined ? { label: a.label } : {}),
        ...(a.contentType ? { content_type: a.contentType } : {}),
      },
      env,
    );
  }
  return releaseView({ state, repo, baseUrl: env.baseUrl }, rec);
}

/** Builds the release seed helper over the service host. */
export function releaseSeeds(host: GitHubHost): ReleaseSeeds {
  return {
    release(input) {
      const s = parseInput(ReleaseSeedSchema, input, 'codeHosting.seed.release()');
      const env = { now: host.clock.now().toISOString(), baseUrl: host.baseUrls[0] ?? 'https://api.github.com' };
      return host.update((d) => seedRelease(d as CodeHostingState, s, env));
    },
  };
}

/**
 * `seed.resource` of a release path: `/releases/<id>` (that id), `/releases/tags/<tag>` (that tag) or
 * `/releases/latest`, with the release's fields in GitHub's spelling (`tag_name`, `name`, `draft`, ...).
 */
export function seedReleaseResource(state: CodeHostingState, key: string, body: Resource, env: { now: string; baseUrl: string }): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/releases\/(?:tags\/([^/]+)|latest|(\d+))$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no release path`);
  const id = m[4] ? Number(m[4]) : undefined;
  const tag = m[3] ? decodeURIComponent(m[3]) : typeof body.tag_name === 'string' ? body.tag_name : `v${id ?? 1}.0.0`;
  const str = (f: string) => (typeof body[f] === 'string' ? (body[f] as string) : undefined);
  return seedRelease(
    state,
    {
      owner: decodeURIComponent(m[1] as string),
      repo: decodeURIComponent(m[2] as string),
      tag,
      ...(str('target_commitish') ? { target: str('target_commitish') } : {}),
      name: str('name') ?? null,
      body: str('body') ?? null,
      draft: m[3] || !m[4] ? false : body.draft === true,
      prerelease: m[4] ? body.prerelease === true : false,
      ...(id ? { id } : {}),
      assets: [],
    },
    env,
  );
}

const R = '/repos/{owner}/{repo}/releases';

/** The family's seeder (see `RELATION_SEEDERS`): `seed.resource` on a release path creates a release (indexed by id and tag). */
export const RELEASE_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/{release_id}`]: seedReleaseResource,
  [`${R}/tags/{tag}`]: seedReleaseResource,
  [`${R}/latest`]: seedReleaseResource,
});
