import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { defineScenario } from './define.js';

/** Options every code hosting scenario takes. */
const base = {
  owner: z.string().min(1).default('octo'),
  repo: z.string().min(1).default('hello'),
  /** Whether the target repository is private. */
  private: z.boolean().default(false),
  ownerType: z.enum(['User', 'Organization']).default('User'),
  /**
   * Seed a classic token (scope `repo`) and return it. Default: only when the permission model is already
   * on (`auth: 'strict'` or a token was seeded); otherwise a placeholder token that lenient auth accepts,
   * so applying a scenario never turns the permission model on by surprise.
   */
  seedToken: z.boolean().optional(),
};

/** What every code hosting scenario returns. */
export interface RepoHandles {
  owner: string;
  repo: string;
  /** A token that may call the import endpoints. */
  token: string;
}

/** What the import scenarios return. */
export interface ImportHandles extends RepoHandles {
  /** The origin URL the import reads. */
  vcsUrl: string;
  /** The import JSON right after the scenario (what the next `GET .../import` starts from). */
  import: Record<string, unknown>;
}

/**
 * A scenario that puts a repository (and its import) into a state means the imports API answers: when
 * the fake clock is already past the API's retirement, the scenario keeps it open for this instance
 * (`imports.retireAt(null)`); `importsRetired` applied afterwards closes it again.
 */
function keepImportsOpen(fakes: Fakes): void {
  const at = fakes.codeHosting.imports.retiredAt();
  if (at !== null && fakes.clock.nowMs() >= Date.parse(at)) fakes.codeHosting.imports.retireAt(null);
}

function setupRepo(
  fakes: Fakes,
  o: { owner: string; repo: string; private: boolean; ownerType: 'User' | 'Organization'; seedToken?: boolean | undefined },
  actionsEnabled = false,
): RepoHandles {
  fakes.codeHosting.seed.repo({ owner: o.owner, repo: o.repo, private: o.private, ownerType: o.ownerType, actionsEnabled });
  keepImportsOpen(fakes);
  const modelOn = fakes.options.auth === 'strict' || fakes.state.codeHosting.tokenCount > 0;
  const token =
    (o.seedToken ?? modelOn)
      ? fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'], label: `${o.owner}/${o.repo}` })
      : 'ghp_stuntdoubleLenientPlaceholderToken00';
  return { owner: o.owner, repo: o.repo, token };
}

/** GETs a path of the code hosting fake through `fakes.fetch` with the scenario's token. */
async function wireGet(fakes: Fakes, h: RepoHandles, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const base = fakes.codeHosting.baseUrls[0] ?? 'https://api.github.com';
  const res = await fakes.fetch(`${base}/repos/${h.owner}/${h.repo}${path}`, { headers: { authorization: `token ${h.token}` } });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Proves an import state through the wire (a held or waiting import does not move on a GET). */
async function checkImport(fakes: Fakes, h: RepoHandles, want: Record<string, unknown>, viaWire = true): Promise<void> {
  const imp: Record<string, unknown> = viaWire ? (await wireGet(fakes, h, '/import')).body : (fakes.codeHosting.imports.get(h.owner, h.repo) ?? {});
  for (const [k, v] of Object.entries(want)) {
    if (JSON.stringify(imp[k]) !== JSON.stringify(v)) throw new Error(`import.${k} is ${JSON.stringify(imp[k])}, expected ${JSON.stringify(v)}`);
  }
}

const vcsUrlOption = (def: string) => z.string().min(1).default(def);
const holdOption = z.boolean().default(true);

function progressScenario(name: string, status: 'detecting' | 'importing' | 'mapping' | 'pushing' | 'complete', description: string) {
  return defineScenario({
    name,
    description,
    service: 'codeHosting',
    reaches: `import.status = ${status}`,
    handles: '{ owner, repo, token, vcsUrl, import }',
    options: z
      .object({
        ...base,
        vcsUrl: vcsUrlOption('https://svn.example.com/svn/project'),
        /** Polling leaves the import in this state until `imports.advance`/`release` or a client update (default true). */
        hold: holdOption,
      })
      .strict(),
    apply(fakes, o): ImportHandles {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, vcs: 'subversion', commitCount: 1042 });
      fakes.codeHosting.imports.start(o.owner, o.repo, status === 'detecting' ? { vcs_url: o.vcsUrl } : { vcs_url: o.vcsUrl, vcs: 'subversion' });
      const imp = fakes.codeHosting.imports.pin(o.owner, o.repo, status, { hold: o.hold });
      return { ...h, vcsUrl: o.vcsUrl, import: imp };
    },
    check: (fakes, h, o) => checkImport(fakes, h, { status }, o.hold),
  });
}

/** Scenarios of this area, by name. */
export const codeHostingScenarios = {
  importDetecting: progressScenario('importDetecting', 'detecting', 'An import started without `vcs`: the importer is detecting the source control type.'),
  importImporting: progressScenario('importImporting', 'importing', 'An import in the raw step: `commit_count` and `percent` are reported.'),
  importMapping: progressScenario('importMapping', 'mapping', 'An import in the rewrite step: author mappings are still accepted.'),
  importPushing: progressScenario(
    'importPushing',
    'pushing',
    'An import pushing to the repository: `push_percent` is reported; authors can no longer be mapped.',
  ),
  importComplete: progressScenario('importComplete', 'complete', 'A finished import: the repository is ready.'),
  importAuthFailed: defineScenario({
    name: 'importAuthFailed',
    description: 'The origin needs credentials and the import had none (or wrong ones); updating it with `credentials` resolves it.',
    service: 'codeHosting',
    reaches: 'import.status = auth_failed',
    handles: '{ owner, repo, token, vcsUrl, import, credentials }',
    options: z
      .object({
        ...base,
        vcsUrl: vcsUrlOption('https://svn.example.com/svn/private'),
        credentials: z.object({ username: z.string(), password: z.string() }).strict().default({ username: 'octocat', password: 'secret' }),
      })
      .strict(),
    apply(fakes, o) {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, vcs: 'subversion', requiresAuth: true, credentials: o.credentials });
      const imp = fakes.codeHosting.imports.start(o.owner, o.repo, { vcs_url: o.vcsUrl, vcs: 'subversion' });
      return { ...h, vcsUrl: o.vcsUrl, import: imp, credentials: o.credentials };
    },
    check: (fakes, h) => checkImport(fakes, h, { status: 'auth_failed' }),
  }),
  importFailed: defineScenario({
    name: 'importFailed',
    description: 'The import hit an error at a step (`failed_step` and `error_message` are reported; hooks got a `failure` delivery).',
    service: 'codeHosting',
    reaches: 'import.status = error',
    handles: '{ owner, repo, token, vcsUrl, import }',
    options: z
      .object({
        ...base,
        vcsUrl: vcsUrlOption('https://git.example.com/broken.git'),
        failAt: z.enum(['importing', 'mapping', 'pushing']).default('importing'),
        errorMessage: z.string().default('fatal: the remote end hung up unexpectedly'),
      })
      .strict(),
    apply(fakes, o): ImportHandles {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, vcs: 'git', failAt: o.failAt, errorMessage: o.errorMessage });
      fakes.codeHosting.imports.start(o.owner, o.repo, { vcs_url: o.vcsUrl, vcs: 'git' });
      const imp = fakes.codeHosting.imports.advance(o.owner, o.repo, 20);
      return { ...h, vcsUrl: o.vcsUrl, import: imp };
    },
    check: (fakes, h, o) => checkImport(fakes, h, { status: 'error', failed_step: o.failAt, error_message: o.errorMessage }),
  }),
  importNeedsAuth: defineScenario({
    name: 'importNeedsAuth',
    description: 'Detection needs credentials to continue; updating the import with `credentials` resolves it.',
    service: 'codeHosting',
    reaches: 'import.status = detection_needs_auth',
    handles: '{ owner, repo, token, vcsUrl, import, credentials }',
    options: z
      .object({
        ...base,
        vcsUrl: vcsUrlOption('https://hg.example.com/private'),
        credentials: z.object({ username: z.string(), password: z.string() }).strict().default({ username: 'octocat', password: 'secret' }),
      })
      .strict(),
    apply(fakes, o) {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, vcs: 'mercurial', requiresAuth: true, credentials: o.credentials });
      fakes.codeHosting.imports.start(o.owner, o.repo, { vcs_url: o.vcsUrl });
      const imp = fakes.codeHosting.imports.advance(o.owner, o.repo, 1);
      return { ...h, vcsUrl: o.vcsUrl, import: imp, credentials: o.credentials };
    },
    check: (fakes, h) => checkImport(fakes, h, { status: 'detection_needs_auth' }),
  }),
  importFoundNothing: defineScenario({
    name: 'importFoundNothing',
    description: 'Detection recognized no source control at the URL; cancel and start again with the right URL.',
    service: 'codeHosting',
    reaches: 'import.status = detection_found_nothing',
    handles: '{ owner, repo, token, vcsUrl, import }',
    options: z.object({ ...base, vcsUrl: vcsUrlOption('https://example.com/not-a-repository') }).strict(),
    apply(fakes, o): ImportHandles {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, exists: false });
      fakes.codeHosting.imports.start(o.owner, o.repo, { vcs_url: o.vcsUrl });
      const imp = fakes.codeHosting.imports.advance(o.owner, o.repo, 1);
      return { ...h, vcsUrl: o.vcsUrl, import: imp };
    },
    check: (fakes, h) => checkImport(fakes, h, { status: 'detection_found_nothing' }),
  }),
  importFoundMultiple: defineScenario({
    name: 'importFoundMultiple',
    description: 'Detection found several projects at the URL (`project_choices`); update the import with one of them.',
    service: 'codeHosting',
    reaches: 'import.status = detection_found_multiple',
    handles: '{ owner, repo, token, vcsUrl, import, projectChoices }',
    options: z
      .object({
        ...base,
        vcsUrl: vcsUrlOption('http://tfs.example.com/tfs/collection'),
        projects: z.array(z.string().min(1)).min(2).default(['project1', 'project2']),
      })
      .strict(),
    apply(fakes, o) {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, vcs: 'tfvc', projects: o.projects });
      fakes.codeHosting.imports.start(o.owner, o.repo, { vcs_url: o.vcsUrl });
      const imp = fakes.codeHosting.imports.advance(o.owner, o.repo, 1);
      return {
        ...h,
        vcsUrl: o.vcsUrl,
        import: imp,
        projectChoices: imp.project_choices as Array<{ vcs: 'subversion' | 'git' | 'mercurial' | 'tfvc'; tfvc_project: string; human_name: string }>,
      };
    },
    check: (fakes, h) => checkImport(fakes, h, { status: 'detection_found_multiple', project_choices: h.projectChoices }),
  }),
  importWithLargeFiles: defineScenario({
    name: 'importWithLargeFiles',
    description: 'An import (held in `importing`) whose origin has files over 100MB: `has_large_files`, `large_files_size/count` and `GET .../large_files`.',
    service: 'codeHosting',
    reaches: 'import.has_large_files = true',
    handles: '{ owner, repo, token, vcsUrl, import, largeFiles }',
    options: z
      .object({
        ...base,
        vcsUrl: vcsUrlOption('https://svn.example.com/svn/media'),
        largeFiles: z.array(z.object({ path: z.string(), size: z.number().int().positive(), ref_name: z.string().optional() }).strict()).default([
          { path: 'assets/intro.mov', size: 734003200 },
          { path: 'assets/dataset.bin', size: 524288000 },
        ]),
        hold: holdOption,
      })
      .strict(),
    apply(fakes, o) {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.seed.origin({ url: o.vcsUrl, vcs: 'subversion', largeFiles: o.largeFiles });
      fakes.codeHosting.imports.start(o.owner, o.repo, { vcs_url: o.vcsUrl, vcs: 'subversion' });
      const imp = fakes.codeHosting.imports.pin(o.owner, o.repo, 'importing', { hold: o.hold });
      return { ...h, vcsUrl: o.vcsUrl, import: imp, largeFiles: o.largeFiles };
    },
    check: (fakes, h, o) =>
      checkImport(fakes, h, { has_large_files: true, large_files_count: o.largeFiles.filter((f) => f.size > 100 * 1024 * 1024).length }, o.hold),
  }),
  repoWithActionsEnabled: defineScenario({
    name: 'repoWithActionsEnabled',
    description: 'A repository with GitHub Actions enabled: starting an import answers 422.',
    service: 'codeHosting',
    reaches: 'repository.actions.enabled = true',
    handles: '{ owner, repo, token }',
    options: z.object(base).strict(),
    apply: (fakes, o): RepoHandles => setupRepo(fakes, o, true),
    async check(fakes, h) {
      const r = await wireGet(fakes, h, '/actions/permissions');
      if (r.body.enabled !== true) throw new Error(`actions/permissions answered ${r.status} ${JSON.stringify(r.body)}`);
    },
  }),
  importsRetired: defineScenario({
    name: 'importsRetired',
    description:
      'The source imports API closes down: once the fake clock is at or after `at` (default 2024-04-12T00:00:00Z) every import endpoint answers 410 Gone.',
    service: 'codeHosting',
    reaches: 'import endpoints retired',
    handles: '{ owner, repo, token, retiredAt }',
    options: z.object({ ...base, at: z.string().default('2024-04-12T00:00:00Z') }).strict(),
    apply(fakes, o) {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.imports.retireAt(o.at);
      return { ...h, retiredAt: new Date(o.at).toISOString() };
    },
    async check(fakes, h) {
      const r = await wireGet(fakes, h, '/import');
      const retired = fakes.clock.nowMs() >= Date.parse(h.retiredAt);
      if (retired !== (r.status === 410)) throw new Error(`GET import answered ${r.status} with the clock at ${fakes.clock.now().toISOString()}`);
    },
  }),
  importSpammed: defineScenario({
    name: 'importSpammed',
    description:
      "GitHub's spam detection: the next import writes documented with a 422 (start, map an author, LFS preference) answer `422 Validation Failed` with `was submitted too quickly`.",
    service: 'codeHosting',
    reaches: 'import writes answer 422 (endpoint spammed)',
    handles: '{ owner, repo, token }',
    options: z.object({ ...base, times: z.number().int().positive().default(1) }).strict(),
    apply(fakes, o): RepoHandles {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.imports.spam(o.times);
      return h;
    },
    async check(fakes, _h, o) {
      // Proven from the state: a request through the wire would use one of the spammed answers up.
      if (fakes.state.codeHosting.importsSpam !== o.times) throw new Error(`${fakes.state.codeHosting.importsSpam} spammed answers left, expected ${o.times}`);
    },
  }),
  codeHostingMaintenance: defineScenario({
    name: 'codeHostingMaintenance',
    description: 'The importer is under maintenance: every import endpoint answers 503 "Unavailable due to service under maintenance".',
    service: 'codeHosting',
    reaches: 'import endpoints 503',
    handles: '{ owner, repo, token }',
    options: z.object(base).strict(),
    apply(fakes, o): RepoHandles {
      const h = setupRepo(fakes, o);
      fakes.codeHosting.imports.maintenance(true);
      return h;
    },
    async check(fakes, h) {
      const r = await wireGet(fakes, h, '/import');
      if (r.status !== 503 || r.body.message !== 'Unavailable due to service under maintenance') throw new Error(`GET import answered ${r.status}`);
    },
  }),
};
