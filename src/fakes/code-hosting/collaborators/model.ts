import { nextId } from '../../../store/ids.js';
import { keyList, keyListAll, keyListPush, keyListRemove } from '../../../store/key-list.js';
import { tableDelete, tableGet, tableSet } from '../../../store/table.js';
import type { Resource } from '../core/catalog/state.js';
import { type GitHubError, githubError } from '../core/errors.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import { repoSeed } from '../core/shapes/render.js';
import { repoView } from '../repos/model.js';
import type { CodeHostingState } from '../state.js';
import { webBase } from '../core/urls.js';
import { type CollaboratorRecord, type InvitationRecord, ROLES, type Role, memberKey } from './state.js';

/**
 * Repository collaborators and their invitations. Adding a user who is not a collaborator creates an
 * invitation (GitHub's `201` with the invitation); the user becomes a collaborator when they accept
 * it. Keyed by repository id (a rename or transfer keeps them): a collaborator as
 * `<repo id>:<login lower-cased>`, an invitation by id; lists of collaborators by repository, of
 * invitations by repository and by invitee.
 */

/** GitHub's `permission` body values (`pull`, `push` are `read`, `write`) as roles; undefined when unknown. */
export function roleOf(permission: unknown): Role | undefined {
  if (permission === undefined) return 'write';
  if (permission === 'pull') return 'read';
  if (permission === 'push') return 'write';
  return (ROLES as readonly unknown[]).includes(permission) ? (permission as Role) : undefined;
}

/** The role of a login on a repository: `admin` for its owner, the collaborator's role, or undefined. */
export function roleIn(state: CodeHostingState, repo: RepoRecord, login: string): Role | undefined {
  if (login.toLowerCase() === repo.ownerLogin.toLowerCase()) return 'admin';
  return tableGet(state.collaborators.members, memberKey(repo.id, login))?.role;
}

/** A pending invitation of a login to a repository, if any. */
export function pendingInvitation(state: CodeHostingState, repo: RepoRecord, login: string): InvitationRecord | undefined {
  const id = tableGet(state.collaborators.pending, memberKey(repo.id, login));
  return id === undefined ? undefined : tableGet(state.collaborators.invitations, String(id));
}

/** An invitation by id. */
export function invitationById(state: CodeHostingState, id: number | string): InvitationRecord | undefined {
  return tableGet(state.collaborators.invitations, String(id));
}

/** The collaborators of a repository: its owner first, then the others in the order they joined. */
export function collaboratorsOf(state: CodeHostingState, repo: RepoRecord): CollaboratorRecord[] {
  const others = keyListAll(keyList(state.collaborators.lists, `repo:${repo.id}`))
    .map((l) => tableGet(state.collaborators.members, `${repo.id}:${l}`))
    .filter((c): c is CollaboratorRecord => c !== undefined);
  return [{ login: repo.ownerLogin, role: 'admin' }, ...others];
}

/** Invitation ids of a repository (`inv:<id>`) or an invitee (`user:<login>`), oldest first. */
export function invitationIds(state: CodeHostingState, list: string): number[] {
  return keyListAll(keyList(state.collaborators.lists, list)).map(Number);
}

const DOCS = 'https://docs.github.com/rest/collaborators/collaborators#add-a-repository-collaborator';

/**
 * `PUT /collaborators/{username}`: a collaborator gets the new role (`204`); anyone else an invitation
 * (`201`; a pending one is updated). The owner cannot be a collaborator (`422`).
 */
export function addCollaborator(
  state: CodeHostingState,
  repo: RepoRecord,
  login: string,
  role: Role,
  o: { inviter: string; now: string },
): { status: 201; invitation: InvitationRecord } | { status: 204 } {
  if (login.toLowerCase() === repo.ownerLogin.toLowerCase()) {
    throw githubError.validation(
      [{ resource: 'Repository', code: 'custom', field: 'collaborator', message: 'Repository owner cannot be a collaborator' }],
      DOCS,
    );
  }
  const member = tableGet(state.collaborators.members, memberKey(repo.id, login));
  if (member) {
    member.role = role;
    return { status: 204 };
  }
  const pending = pendingInvitation(state, repo, login);
  if (pending) {
    pending.role = role;
    return { status: 201, invitation: pending };
  }
  const id = nextId(state.counters, 'catalog', 1000);
  const inv: InvitationRecord = { id, repoId: repo.id, invitee: login, inviter: o.inviter, role, created_at: o.now };
  tableSet(state.collaborators.invitations, String(id), inv);
  tableSet(state.collaborators.pending, memberKey(repo.id, login), id);
  keyListPush(state.collaborators.lists, `inv:${repo.id}`, String(id));
  keyListPush(state.collaborators.lists, `user:${login.toLowerCase()}`, String(id));
  return { status: 201, invitation: inv };
}

/** Removes an invitation from every index. */
export function dropInvitation(state: CodeHostingState, inv: InvitationRecord): void {
  tableDelete(state.collaborators.invitations, String(inv.id));
  tableDelete(state.collaborators.pending, memberKey(inv.repoId, inv.invitee));
  keyListRemove(state.collaborators.lists, `inv:${inv.repoId}`, String(inv.id));
  keyListRemove(state.collaborators.lists, `user:${inv.invitee.toLowerCase()}`, String(inv.id));
}

/** Makes a login a collaborator with a role (seeds, accepted invitations). */
export function putCollaborator(state: CodeHostingState, repo: RepoRecord, login: string, role: Role): void {
  const key = memberKey(repo.id, login);
  const existing = tableGet(state.collaborators.members, key);
  if (existing) {
    existing.role = role;
    return;
  }
  tableSet(state.collaborators.members, key, { login, role });
  keyListPush(state.collaborators.lists, `repo:${repo.id}`, login.toLowerCase());
}

/** The invitee accepts: they become a collaborator with the invitation's role. 404 for anyone else. */
export function acceptInvitation(state: CodeHostingState, id: number, login: string): void {
  const inv = invitationById(state, id);
  if (!inv || inv.invitee.toLowerCase() !== login.toLowerCase()) throw githubError.notFound('https://docs.github.com/rest/collaborators/invitations');
  const repo = state.repos[inv.repoId] as RepoRecord | undefined;
  dropInvitation(state, inv);
  if (repo) putCollaborator(state, repo, inv.invitee, inv.role);
}

/** Removes a collaborator (and a pending invitation of the login). */
export function removeCollaborator(state: CodeHostingState, repo: RepoRecord, login: string): void {
  const key = memberKey(repo.id, login);
  if (tableDelete(state.collaborators.members, key)) keyListRemove(state.collaborators.lists, `repo:${repo.id}`, login.toLowerCase());
  const inv = pendingInvitation(state, repo, login);
  if (inv) dropInvitation(state, inv);
}

/** GitHub's `permissions` object of a role. */
export function permissionsOf(role: Role): Record<string, boolean> {
  const at = ROLES.indexOf(role);
  return { admin: at >= 4, maintain: at >= 3, push: at >= 2, triage: at >= 1, pull: true };
}

/** GitHub's `permission` of a role in the permission-level answer (`admin`, `write`, `read`). */
export function permissionLevel(role: Role | undefined): string {
  if (!role) return 'none';
  return role === 'admin' ? 'admin' : role === 'maintain' || role === 'write' ? 'write' : 'read';
}

/** A collaborator as GitHub lists it (the renderer completes the user fields). */
export function collaboratorView(c: CollaboratorRecord): Resource {
  return { login: c.login, permissions: permissionsOf(c.role), role_name: c.role };
}

/** GitHub's repository-invitation JSON. */
export function invitationView(state: CodeHostingState, inv: InvitationRecord, baseUrl: string): Resource {
  const repo = state.repos[inv.repoId] as RepoRecord | undefined;
  const web = `${webBase(baseUrl)}${repo ? `/${repo.ownerLogin}/${repo.name}` : ''}`;
  return {
    id: inv.id,
    node_id: Buffer.from(`RepositoryInvitation:${inv.id}`).toString('base64').replace(/=+$/, ''),
    ...(repo ? { repository: repoSeed(repoView(repo, { state, apiBase: baseUrl })) } : {}),
    invitee: { login: inv.invitee },
    inviter: { login: inv.inviter },
    permissions: inv.role,
    created_at: inv.created_at,
    expired: false,
    url: `${baseUrl}/user/repository_invitations/${inv.id}`,
    html_url: `${web}/invitations`,
  };
}

/** 422 for a `permission` GitHub does not know. */
export function badPermission(): GitHubError {
  return githubError.validation([{ resource: 'Repository', code: 'invalid', field: 'permission' }], DOCS);
}
