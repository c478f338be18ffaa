import type { KeyLists } from '../../../store/key-list.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** The roles of a collaborator, weakest first (GitHub's `role_name`). */
export const ROLES = ['read', 'triage', 'write', 'maintain', 'admin'] as const;

/** A collaborator's role. */
export type Role = (typeof ROLES)[number];

/** A collaborator of a repository. */
export interface CollaboratorRecord {
  login: string;
  role: Role;
}

/** A pending repository invitation. */
export interface InvitationRecord {
  id: number;
  repoId: number;
  invitee: string;
  inviter: string;
  role: Role;
  created_at: string;
}

/** The collaborator indexes. */
export interface CollaboratorSlice {
  /** `<repo id>:<login lower>` → collaborator. */
  members: Table<CollaboratorRecord>;
  /** Invitation id → invitation. */
  invitations: Table<InvitationRecord>;
  /** `<repo id>:<login lower>` → the pending invitation's id. */
  pending: Table<number>;
  /** `repo:<id>` → collaborator logins (lower-cased), `inv:<repo id>` → invitation ids, `user:<login lower>` → invitation ids. */
  lists: KeyLists;
}

/** Empty collaborator indexes. */
export function initialCollaboratorSlice(): CollaboratorSlice {
  return { members: emptyTable(), invitations: emptyTable(), pending: emptyTable(), lists: emptyTable() };
}

/** The key of a collaborator (and of a pending invitation) in the indexes: `<repo id>:<login lower-cased>`. */
export const memberKey = (repoId: number, login: string) => `${repoId}:${login.toLowerCase()}`;
