import { z } from 'zod';
import type { Fakes } from '../create-fakes.js';
import { defineScenario } from './define.js';

const repoOptions = {
  owner: z.string().min(1).default('octo'),
  repo: z.string().min(1).default('hello'),
  /** Whether the repository is private (private repositories hide from callers that may not see them). */
  private: z.boolean().default(true),
};

/** What the catalog scenarios return. */
export interface CatalogHandles {
  owner: string;
  repo: string;
  /** The token to call with. */
  token: string;
}

/** Calls the fake through `fakes.fetch` with the handles' token; answers status, headers and parsed body. */
async function call(fakes: Fakes, h: CatalogHandles, method: string, suffix: string, body?: unknown) {
  const res = await fakes.fetch(`https://api.github.com/repos/${h.owner}/${h.repo}${suffix}`, {
    method,
    headers: { authorization: `token ${h.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

function seedRepo(fakes: Fakes, o: { owner: string; repo: string; private: boolean }): void {
  fakes.codeHosting.seed.repo({ owner: o.owner, repo: o.repo, private: o.private });
}

/** Scenarios of the catalog and the permission model (who may call what), by name. */
export const codeHostingCatalogScenarios = {
  tokenLacksPermission: defineScenario({
    name: 'tokenLacksPermission',
    description:
      'A fine-grained token that reaches the repository but holds no permission besides metadata: endpoints needing one answer 403 "Resource not accessible by personal access token" with X-Accepted-GitHub-Permissions.',
    service: 'codeHosting',
    reaches: 'token without the permission → 403 with the accepted-permissions header',
    handles: '{ owner, repo, token }',
    options: z
      .object({
        ...repoOptions,
        /** Permissions the token does hold (e.g. `{ issues: 'read' }` to lack only write). */
        permissions: z.record(z.string(), z.enum(['read', 'write', 'admin'])).default({}),
      })
      .strict(),
    apply(fakes, o): CatalogHandles {
      seedRepo(fakes, o);
      const token = fakes.codeHosting.seed.token({
        type: 'fine-grained',
        label: 'lacks-permission',
        permissions: o.permissions,
        repositories: [`${o.owner}/${o.repo}`],
      });
      return { owner: o.owner, repo: o.repo, token };
    },
    async check(fakes, h) {
      const r = await call(fakes, h, 'POST', '/issues', { title: 'x' });
      if (r.status !== 403 || !r.headers.get('x-accepted-github-permissions')) throw new Error(`POST issues answered ${r.status}`);
    },
  }),
  installationToken: defineScenario({
    name: 'installationToken',
    description:
      'A GitHub App installation access token (IAT) on the repository with the given permissions: user-only endpoints answer 403 "Resource not accessible by integration".',
    service: 'codeHosting',
    reaches: 'installation access token (IAT)',
    handles: '{ owner, repo, token }',
    options: z
      .object({
        ...repoOptions,
        permissions: z
          .record(z.string(), z.enum(['read', 'write', 'admin']))
          .default({ contents: 'write', issues: 'write', pull_requests: 'write', metadata: 'read' }),
      })
      .strict(),
    apply(fakes, o): CatalogHandles {
      seedRepo(fakes, o);
      const token = fakes.codeHosting.seed.token({
        type: 'installation',
        label: 'installation',
        permissions: o.permissions,
        repositories: [`${o.owner}/${o.repo}`],
      });
      return { owner: o.owner, repo: o.repo, token };
    },
    async check(fakes, h) {
      const r = await call(fakes, h, 'POST', '/transfer', { new_owner: 'x' });
      if (r.status !== 403 || r.body.message !== 'Resource not accessible by integration') throw new Error(`POST transfer answered ${r.status}`);
    },
  }),
  rateLimitExhausted: defineScenario({
    name: 'rateLimitExhausted',
    description:
      'The primary rate limit is used up: the next call answers 403 "API rate limit exceeded" with x-ratelimit-remaining: 0 and retry-after, until the window resets (an hour on the fake clock).',
    service: 'codeHosting',
    reaches: 'x-ratelimit-remaining = 0',
    handles: '{ owner, repo, token }',
    options: z
      .object({
        ...repoOptions,
        private: z.boolean().default(false),
        /** Seed a classic token and exhaust only its window (default: exhaust whoever calls next). */
        seedToken: z.boolean().default(false),
      })
      .strict(),
    apply(fakes, o): CatalogHandles {
      seedRepo(fakes, o);
      if (o.seedToken) {
        const token = fakes.codeHosting.seed.token({ type: 'classic', scopes: ['repo'], label: 'rate-limited' });
        fakes.codeHosting.rateLimit.exhaust('rate-limited');
        return { owner: o.owner, repo: o.repo, token };
      }
      fakes.codeHosting.rateLimit.exhaust();
      return { owner: o.owner, repo: o.repo, token: 'ghp_stuntdoubleLenientPlaceholderToken00' };
    },
    async check(fakes, h) {
      const r = await call(fakes, h, 'GET', '/issues');
      if (r.status !== 403 || r.headers.get('x-ratelimit-remaining') !== '0') throw new Error(`GET issues answered ${r.status}`);
    },
  }),
  privateRepoHidden: defineScenario({
    name: 'privateRepoHidden',
    description:
      'A private repository and a fine-grained token whose repository selection leaves it out: every call on it answers 404 Not Found, as without a token.',
    service: 'codeHosting',
    reaches: 'private resource without a valid token → 404',
    handles: '{ owner, repo, token }',
    options: z.object({ owner: repoOptions.owner, repo: repoOptions.repo }).strict(),
    apply(fakes, o): CatalogHandles {
      seedRepo(fakes, { ...o, private: true });
      const token = fakes.codeHosting.seed.token({
        type: 'fine-grained',
        label: 'other-repo-only',
        permissions: { contents: 'write', issues: 'write', administration: 'write' },
        repositories: [`${o.owner}/not-${o.repo}`],
      });
      return { owner: o.owner, repo: o.repo, token };
    },
    async check(fakes, h) {
      const r = await call(fakes, h, 'GET', '/issues');
      if (r.status !== 404) throw new Error(`GET issues answered ${r.status}`);
    },
  }),
};
