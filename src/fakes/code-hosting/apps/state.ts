import { type Table, emptyTable } from '../../../store/table.js';

/**
 * GitHub Apps seeded for tests, their installations on accounts, and the installation access tokens
 * the API minted for them (the tokens themselves live with every other token, in `tokens`).
 */

/** A GitHub App. */
export interface AppRecord {
  id: number;
  slug: string;
  client_id: string;
  name: string;
  description: string | null;
  /** The login of the account that owns the app. */
  owner: string;
  /** What an installation may be granted (`{ contents: 'read', issues: 'write' }`). */
  permissions: Record<string, string>;
  /** Webhook events the app subscribes to. */
  events: string[];
  /** PEM of the app's private key: when set, the JWTs the app signs are verified with it. */
  privateKey?: string;
  created_at: string;
}

/** An installation of an app on an account. */
export interface InstallationRecord {
  id: number;
  appId: number;
  /** The login of the account it is installed on. */
  account: string;
  /** `all` the account's repositories, or the `selected` ones. */
  repositorySelection: 'all' | 'selected';
  /** The selected repositories' ids (selection `selected`). */
  repositoryIds: number[];
  permissions: Record<string, string>;
  events: string[];
  created_at: string;
  updated_at: string;
}

/** The apps slice. */
export interface AppSlice {
  /** App id → app. */
  apps: Table<AppRecord>;
  /** Installation id → installation. */
  installations: Table<InstallationRecord>;
  /** `<account login lower>` → installation ids on it; `app:<app id>` → an app's installation ids. */
  lists: Table<number[]>;
  /** App slug and client id → app id. */
  names: Table<number>;
  /** A minted installation token → its installation id, when it expires, and whether it reaches the whole installation. */
  minted: Table<{ installationId: number; expires_at: string; selection: 'all' | 'selected' }>;
}

/** No apps. */
export function initialAppSlice(): AppSlice {
  return { apps: emptyTable(), installations: emptyTable(), lists: emptyTable(), names: emptyTable(), minted: emptyTable() };
}
