import type { Draft } from 'immer';
import { tableDelete, tableGet, tableSet } from '../../../../store/table.js';
import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { findAccount } from '../../core/lookup.js';
import { orgExists } from '../../core/org-roles.js';
import { activeMembers, dropOrgInvitation, orgInvitations, removeMembership } from '../../orgs/model.js';
import { deleteRepo } from '../../repos/model.js';
import type { CodeHostingState } from '../../state.js';
import { accountKey } from '../state.js';

/**
 * An organization's own record: the profile and settings `PATCH /orgs/{org}` writes (and a seed by path,
 * `seed.resource('/orgs/acme', {...})`), laid over the organization account by `GET /orgs/{org}`. Every
 * organization that exists (an account of type Organization: seeded with `seed.account`, owning a
 * seeded repository; or an organization seeded by its path) can be updated and deleted.
 */

const DOCS = 'https://docs.github.com/rest/orgs/orgs#update-an-organization';

/** The login an organization is stored under (the account's spelling), else as the path spells it. */
export function orgLogin(state: CodeHostingState, org: string): string {
  const acc = findAccount(state, org);
  return acc?.type === 'Organization' ? acc.login : org;
}

/** The key of an organization's record: `/orgs/<login>`. */
export const orgRecordKey = (login: string) => `/orgs/${encodeURIComponent(login)}`;

/** The record of an organization (its key as stored, else as spelled in the path). */
export function orgRecord(state: CodeHostingState, org: string, pathKey?: string): Resource | undefined {
  return tableGet(state.catalog.records, orgRecordKey(orgLogin(state, org))) ?? (pathKey ? tableGet(state.catalog.records, pathKey) : undefined);
}

/** Enumerated settings of `PATCH /orgs/{org}` and the values GitHub accepts. */
const ENUMS: Readonly<Record<string, readonly (string | null)[]>> = {
  default_repository_permission: ['read', 'write', 'admin', 'none'],
  members_allowed_repository_creation_type: ['all', 'private', 'none'],
};
const STRINGS = ['billing_email', 'company', 'email', 'twitter_username', 'location', 'name', 'description', 'blog'];

/** 422 for a setting of the wrong type or an enumerated value GitHub does not know. */
function validate(body: Resource): void {
  for (const [field, v] of Object.entries(body)) {
    const allowed = ENUMS[field];
    const bad =
      (allowed !== undefined && !allowed.includes(v as string)) ||
      (STRINGS.includes(field) && v !== null && typeof v !== 'string') ||
      ((field.startsWith('members_can_') || field.startsWith('has_') || field.endsWith('_enabled_for_new_repositories')) && typeof v !== 'boolean');
    if (bad) throw githubError.validation([{ resource: 'Organization', code: 'invalid', field }], DOCS);
  }
}

/** `PATCH /orgs/{org}`: stores the settings on the organization's record; 404 for an organization that does not exist. */
export function updateOrg(state: CodeHostingState, org: string, body: Resource, now: string): string {
  if (!orgExists(state, org)) throw githubError.notFound(DOCS);
  validate(body);
  const login = orgLogin(state, org);
  const key = orgRecordKey(login);
  const prev = orgRecord(state, org, `/orgs/${encodeURIComponent(org)}`) ?? {};
  tableSet(state.catalog.records, key, { ...prev, ...body, updated_at: now });
  return login;
}

/**
 * `DELETE /orgs/{org}`: the organization goes with its repositories, memberships and invitations
 * (GitHub: "Deleting an organization will delete all of its repositories"); its login answers 404 after.
 */
export function deleteOrg(state: CodeHostingState, org: string): void {
  if (!orgExists(state, org)) throw githubError.notFound('https://docs.github.com/rest/orgs/orgs#delete-an-organization');
  const login = orgLogin(state, org);
  for (const id of [...(state.reposByOwner[login.toLowerCase()] ?? [])]) deleteRepo(state as Draft<CodeHostingState>, id);
  delete state.reposByOwner[login.toLowerCase()];
  for (const inv of orgInvitations(state, login)) dropOrgInvitation(state, inv);
  for (const m of activeMembers(state, login)) removeMembership(state, login, m.login);
  tableDelete(state.catalog.records, orgRecordKey(login));
  tableDelete(state.catalog.records, `/orgs/${encodeURIComponent(org)}`);
  const acc = findAccount(state, login);
  if (acc) {
    delete state.accounts[accountKey(login)];
    delete state.accountIds[acc.id];
  }
}
