import type { GitHubHost } from './core/context.js';
import { sendDeliveries } from './hooks/model/deliveries.js';
import { type ImportEnv, pinImport, progressImport, renderImport, startImport } from './imports/model.js';
import { findRepo } from './core/lookup.js';
import { seedToken } from './core/tokens.js';
import { seedResource, seedResources } from './seed-resources.js';
import { exhaustRateLimit } from './rate-limit/seed.js';
import { githubError } from './core/errors.js';
import { importsRetirement } from './imports/routes.js';
import type { DeliveryRecord, HookSeed } from './hooks/schemas.js';
import type { ImportStatus, OriginSeed } from './imports/schemas.js';
import type { RepositoryJson } from './core/schemas/answers.js';
import type { HookJson } from './hooks/schemas.js';
import type { ImportJson } from './imports/schemas.js';
import type { Account, OwnerType, RepoRecord, RepoSeed } from './core/schemas/repo.js';
import type { TokenSeed } from './core/schemas/token.js';
import { repoSeeds } from './repos/seed.js';
import { userSeeds } from './users/seed.js';
import { importSeeds } from './imports/seed.js';
import { hookSeeds } from './hooks/seed.js';
import { type AppSeeds, appSeeds } from './apps/seed.js';
import { type IssueSeedHelpers, issueSeedHelpers } from './issues/seed/helpers.js';
import { type GitSeeds, gitSeeds } from './git/seed.js';
import { type ReleaseSeeds, releaseSeeds } from './releases/seed.js';
import { type WorkflowRunControls, type WorkflowRunSeeds, workflowRunControls, workflowRunSeeds } from './actions/seed.js';

/** A webhook delivery as `fakes.codeHosting.deliveries` lists it. */
export interface DeliveryView {
  id: number;
  guid: string;
  hookId: number;
  event: string;
  url: string;
  /** Headers sent (`x-github-event`, `x-github-delivery`, `x-hub-signature-256`, ...). */
  headers: Readonly<Record<string, string>>;
  payload: Readonly<Record<string, unknown>>;
  /** The exact body sent; the signature covers these bytes. */
  body: string;
  /** Status the hook URL answered (0 while pending or on a network failure). */
  statusCode: number;
  /** `'pending'`, `'OK'`, or a failure text. */
  status: string;
  redelivery: boolean;
}

/** What `imports.start` takes (the body of `PUT /repos/{owner}/{repo}/import`). */
export interface ImportStartInput {
  vcs_url: string;
  vcs?: 'subversion' | 'git' | 'mercurial' | 'tfvc';
  vcs_username?: string;
  vcs_password?: string;
  tfvc_project?: string;
}

/** `fakes.codeHosting`: seed helpers and controls of the code hosting fake. */
export interface CodeHostingFacade {
  /** Base URLs this fake answers on. */
  readonly baseUrls: readonly string[];
  /** Seed helpers (one atomic change each); issues, pull requests and comments: see {@link IssueSeedHelpers}. */
  readonly seed: IssueSeedHelpers & {
    /**
     * Seeds a repository (and its owner account); returns GitHub's repository JSON.
     * @example fakes.codeHosting.seed.repo({ owner: 'octo', repo: 'hello', private: true })
     */
    repo(input: RepoSeed): RepositoryJson;
    /** Seeds many repositories in one atomic change (fast for thousands); returns how many were created. */
    repos(inputs: readonly RepoSeed[]): number;
    /**
     * Seeds a token (turns the permission model on) and returns the token string.
     * @example const token = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'] })
     */
    token(input?: TokenSeed): string;
    /** Seeds an account (a user, or an organization that can own repositories and hooks). */
    account(input: { login: string; type?: OwnerType }): Account;
    /**
     * Says what lives at a `vcs_url` (detection and import read it).
     * @example fakes.codeHosting.seed.origin({ url: 'https://svn.example.com/app', vcs: 'subversion', requiresAuth: true })
     */
    origin(input: OriginSeed): void;
    /**
     * Seeds a webhook on a repository (`repo` given) or an organization; returns GitHub's hook JSON.
     * @example fakes.codeHosting.seed.hook({ owner: 'octo', repo: 'hello', url: 'https://hooks.example.com/in', secret: 's' })
     */
    hook(input: HookSeed): HookJson;
    /**
     * Seeds any catalog resource by its concrete path (either spelling); listed in its parent collection.
     * @example fakes.codeHosting.seed.resource('/repos/o/r/issues/1', { title: 'Bug', number: 1 })
     */
    resource(path: string, body?: Record<string, unknown>): Record<string, unknown>;
    /** Seeds many catalog resources in one change (e.g. 10,000 issues for paging). Returns how many. */
    resources(items: ReadonlyArray<readonly [path: string, body: Record<string, unknown>]>): number;
  } & GitSeeds &
    ReleaseSeeds &
    WorkflowRunSeeds &
    AppSeeds;
  /** Rate-limit controls: `exhaust(label?)` makes the next call (of that token label, or any) answer 403 rate limit exceeded. */
  readonly rateLimit: {
    /** Makes the next call (of the token with this label, or any) answer 403 rate limit exceeded until the window resets. */
    exhaust(label?: string): void;
  };
  /** Workflow run controls: move seeded runs on as GitHub's runners would. */
  readonly actions: WorkflowRunControls;
  /** Import controls. */
  readonly imports: {
    /** Moves an import `steps` (default 1) steps along its state machine; returns the import JSON. */
    advance(owner: string, repo: string, steps?: number): ImportJson;
    /** Starts an import like `PUT .../import` would (no auth checks); returns the import JSON. */
    start(owner: string, repo: string, input: ImportStartInput): ImportJson;
    /**
     * Puts an import straight into a state (walks the happy path, or sets a waiting state). With `hold`
     * (default true) polling does not move it on until `advance`, `release` or a client update.
     */
    pin(owner: string, repo: string, status: ImportStatus, options?: { hold?: boolean }): ImportJson;
    /** Lets polling move a held import again. */
    release(owner: string, repo: string): void;
    /** The import JSON of a repository, or undefined. */
    get(owner: string, repo: string): ImportJson | undefined;
    /**
     * Import endpoints answer the retirement error once the fake clock reaches this instant (null: never,
     * the imports API stays open). Overrides the `importsRetireAt` option until `reset()`.
     */
    retireAt(at: Date | string | number | null): void;
    /** The instant from which import endpoints answer the retirement error (ISO), or null when they stay open. */
    retiredAt(): string | null;
    /**
     * The next `times` import writes documented with a 422 (start, map an author, LFS preference) answer
     * GitHub's "endpoint has been spammed" 422 (`was submitted too quickly`).
     */
    spam(times?: number): void;
    /** Import endpoints answer 503 while on. */
    maintenance(on: boolean): void;
  };
  /** Every webhook delivery, oldest first. */
  readonly deliveries: readonly DeliveryView[];
  /** A one-line summary for `fakes.describe()`. */
  describe(): string;
}

function view(d: DeliveryRecord): DeliveryView {
  return {
    id: d.id,
    guid: d.guid,
    hookId: d.hookId,
    event: d.event,
    url: d.url,
    headers: d.requestHeaders,
    payload: d.payload,
    body: d.body,
    statusCode: d.statusCode,
    status: d.status,
    redelivery: d.redelivery,
  };
}

/** Builds `fakes.codeHosting` over the service host. */
export function buildFacade(host: GitHubHost): CodeHostingFacade {
  const base = () => host.baseUrls[0] ?? 'https://api.github.com';
  const now = () => host.clock.now().toISOString();
  const env = (): ImportEnv => ({ lenient: host.auth === 'lenient', apiBase: base(), now: now() });
  const repoOf = (owner: string, repo: string): RepoRecord => {
    const r = findRepo(host.state, owner, repo);
    if (!r) throw new Error(`stuntdouble: no repository ${owner}/${repo}; seed it with fakes.codeHosting.seed.repo({ owner, repo })`);
    return r;
  };
  const importJson = (r: RepoRecord) => {
    const imp = host.state.imports[r.id];
    return imp ? renderImport(imp, host.state.repos[r.id] as RepoRecord, base(), host.options) : undefined;
  };
  const mustImport = (r: RepoRecord) => {
    const out = importJson(r);
    if (!out) throw new Error(`stuntdouble: ${r.ownerLogin}/${r.name} has no import`);
    return out;
  };
  return {
    baseUrls: host.baseUrls,
    seed: {
      ...repoSeeds(host),
      ...userSeeds(host),
      ...importSeeds(host),
      ...hookSeeds(host),
      token(input = {}) {
        return host.update((d) => seedToken(d, input).token);
      },
      resource: (path, body) => seedResource(host, path, body),
      resources: (items) => seedResources(host, items),
      ...issueSeedHelpers(host),
      ...gitSeeds(host),
      ...releaseSeeds(host),
      ...workflowRunSeeds(host),
      ...appSeeds(host),
    },
    actions: workflowRunControls(host),
    imports: {
      advance(owner, repo, steps = 1) {
        const r = repoOf(owner, repo);
        const out = host.update((d) => progressImport(d, r, steps, env()));
        sendDeliveries(host, out.deliveries);
        return mustImport(r);
      },
      start(owner, repo, input) {
        const r = repoOf(owner, repo);
        const out = host.update((d) => startImport(d, r, { ...input }, host.options.defaultLogin, env()));
        sendDeliveries(host, out.deliveries);
        return mustImport(r);
      },
      pin(owner, repo, status, options = {}) {
        const r = repoOf(owner, repo);
        if (!host.state.imports[r.id]) throw githubError.notFound();
        host.update((d) => pinImport(d, r, status, env(), options.hold ?? true));
        return mustImport(r);
      },
      release(owner, repo) {
        const r = repoOf(owner, repo);
        host.update((d) => {
          const imp = d.imports[r.id];
          if (imp) imp.held = false;
        });
      },
      get(owner, repo) {
        const r = findRepo(host.state, owner, repo);
        return r ? importJson(r) : undefined;
      },
      retireAt(at) {
        const ms = at === null ? null : at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
        if (ms !== null && !Number.isFinite(ms)) throw new RangeError(`stuntdouble: not a valid instant: ${String(at)}`);
        host.update((d) => {
          d.importsRetiredAt = ms;
        });
      },
      retiredAt() {
        const ms = importsRetirement(host.state, host.options);
        return ms === null ? null : new Date(ms).toISOString();
      },
      spam(times = 1) {
        if (!Number.isInteger(times) || times < 0) throw new RangeError(`stuntdouble: spam(times) takes a whole number >= 0, not ${String(times)}`);
        host.update((d) => {
          d.importsSpam = times;
        });
      },
      maintenance(on) {
        host.update((d) => {
          d.importsMaintenance = on;
        });
      },
    },
    get deliveries() {
      const s = host.state;
      return s.deliveryOrder
        .map((id) => s.deliveries[id])
        .filter((d): d is DeliveryRecord => d !== undefined)
        .map(view);
    },
    rateLimit: { exhaust: (label) => exhaustRateLimit(host, label) },
    describe() {
      const s = host.state;
      return `${Object.keys(s.repos).length} repos, ${Object.keys(s.imports).length} imports, ${Object.keys(s.hooks).length} hooks, ${s.deliveryOrder.length} deliveries, ${s.tokenCount} tokens`;
    },
  };
}
