import type { Resource } from '../core/catalog/state.js';
import type { CodeHostingState } from '../state.js';
import { seededRepo } from '../git/seed.js';
import type { SeedEnv } from '../core/family.js';
import { createRun, ensureSuite, runView, suiteView } from './model.js';
import { type RelationSeeder, pathSeeder } from '../core/family.js';

/**
 * `seed.resource` of check paths: `/repos/o/r/check-runs/<id>` creates that run (`name`, `head_sha`
 * — default the default branch's head —, `status`, `conclusion`, `output`, ...) in its commit's
 * suite; `/repos/o/r/check-suites/<id>` creates that suite for `head_sha`.
 */
export function seedCheckResource(state: CodeHostingState, key: string, body: Resource, env: SeedEnv): Resource {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/(check-runs|check-suites)\/(\d+)$/.exec(key);
  if (!m) throw new Error(`stuntdouble: '${key}' is no check run or suite path`);
  const repo = seededRepo(state, decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string));
  const headSha = typeof body.head_sha === 'string' ? body.head_sha : repo.defaultBranch;
  const v = { state, repo, baseUrl: env.baseUrl };
  if (m[3] === 'check-runs') {
    const rec = createRun(state, repo, { ...body, head_sha: headSha, name: typeof body.name === 'string' ? body.name : 'check' }, env, Number(m[4]));
    return runView(v, rec);
  }
  const { suite } = ensureSuite(state, repo, headSha, env, Number(m[4]));
  return suiteView(v, suite);
}

const R = '/repos/{owner}/{repo}';

/** The family's seeder (see `RELATION_SEEDERS`): a check run or a check suite by path. */
export const CHECK_SEEDER: RelationSeeder = pathSeeder({
  [`${R}/check-runs/{check_run_id}`]: seedCheckResource,
  [`${R}/check-suites/{check_suite_id}`]: seedCheckResource,
});
