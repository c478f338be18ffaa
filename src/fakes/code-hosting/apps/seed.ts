import type { GitHubHost } from '../core/context.js';
import { appById, createApp, install, installationJson, integrationJson } from './model.js';

/** An installation to seed with an app: the account it is installed on and which of its repositories. */
export interface InstallationSeed {
  /** The user or organization login. */
  account: string;
  /** `'all'` (default) or repository names (`repo` of the account, or `owner/repo`). */
  repositories?: 'all' | string[];
}

/** What `seed.app` takes. */
export interface AppSeed {
  /** The app's name (`My CI`); its slug is made from it unless given. */
  name: string;
  slug?: string;
  /** The login of the account owning the app (default `octocat`). */
  owner?: string;
  description?: string | null;
  /** What installations are granted, e.g. `{ contents: 'read', issues: 'write' }` (`metadata: 'read'` always). */
  permissions?: Record<string, 'read' | 'write' | 'admin'>;
  /** Webhook events the app subscribes to. */
  events?: string[];
  /** The app's private key (PEM): JWTs are then verified against it, as GitHub does. Without it any RS256 JWT naming the app passes. */
  privateKey?: string;
  /** Installations to create with it. */
  installations?: InstallationSeed[];
}

/** What `seed.app` answers: GitHub's app JSON (`GET /app`) and its installations' JSON. */
export interface SeededApp {
  app: Record<string, unknown>;
  installations: Array<Record<string, unknown>>;
}

/** `fakes.codeHosting.seed.app` and `seed.installation` (documented on the facade). */
export interface AppSeeds {
  /**
   * Seeds a GitHub App (and its installations): `@octokit/auth-app` with its `id` (and `privateKey`)
   * then signs JWTs the fake accepts and mints installation tokens through
   * `POST /app/installations/{id}/access_tokens`.
   * @example const { app, installations } = fakes.codeHosting.seed.app({ name: 'My CI', permissions: { contents: 'read' }, installations: [{ account: 'octo' }] })
   */
  app(input: AppSeed): SeededApp;
  /**
   * Installs a seeded app (by id) on one more account; returns GitHub's installation JSON.
   * @example fakes.codeHosting.seed.installation({ appId: app.id as number, account: 'acme', repositories: ['api'] })
   */
  installation(input: InstallationSeed & { appId: number }): Record<string, unknown>;
}

/** The app seeds of the facade. */
export function appSeeds(host: GitHubHost): AppSeeds {
  const base = () => host.baseUrls[0] ?? 'https://api.github.com';
  const now = () => host.clock.now().toISOString();
  return {
    app(input) {
      const { installations = [], owner = 'octocat', ...rest } = input;
      return host.update((d) => {
        const app = createApp(d, { ...rest, owner }, now());
        const made = installations.map((i) => install(d, app, i, now()));
        return { app: integrationJson(d, app, base()), installations: made.map((i) => installationJson(d, i, base())) };
      });
    },
    installation(input) {
      const { appId, ...rest } = input;
      return host.update((d) => {
        const app = appById(d, appId);
        if (!app) throw new Error(`stuntdouble: no app ${appId}; seed it with fakes.codeHosting.seed.app({ name })`);
        return installationJson(d, install(d, app, rest, now()), base());
      });
    },
  };
}
