import { keyList, keyListAll, keyListPush, keyListRemove } from '../../../store/key-list.js';
import { tableDelete, tableGet, tableHas, tableSet } from '../../../store/table.js';
import type { RepoRecord } from '../core/schemas/repo.js';
import type { CodeHostingState } from '../state.js';
import type { Enforced, Toggle } from './state.js';

/**
 * Repository security toggles (private vulnerability reporting, immutable releases, Dependabot
 * security updates, vulnerability alerts) and an organization's immutable-releases policy. A toggle
 * is on when `<repo id>:<toggle>` is in the table (keyed by id: a rename or transfer keeps it); every
 * toggle starts off, as on a new GitHub repository. The organization policy is `none` until set.
 */

const toggleKey = (repoId: number, t: Toggle) => `${repoId}:${t}`;
const selectedList = (org: string) => `imm:${org.toLowerCase()}`;
const selectedKey = (org: string, id: number) => `${org.toLowerCase()}:${id}`;

/** Whether a toggle is on for a repository. */
export function isOn(state: CodeHostingState, repo: RepoRecord, t: Toggle): boolean {
  return tableHas(state.repoSettings.toggles, toggleKey(repo.id, t));
}

/** Turns a toggle on or off. */
export function setToggle(state: CodeHostingState, repo: RepoRecord, t: Toggle, on: boolean): void {
  if (on) tableSet(state.repoSettings.toggles, toggleKey(repo.id, t), true);
  else tableDelete(state.repoSettings.toggles, toggleKey(repo.id, t));
}

/** An organization's immutable-releases policy (`none` until set). */
export function immutablePolicy(state: CodeHostingState, org: string): Enforced {
  return tableGet(state.repoSettings.immutablePolicy, org.toLowerCase()) ?? 'none';
}

/** Ids of the repositories an organization selected for immutable releases, in order. */
export function selectedRepoIds(state: CodeHostingState, org: string): number[] {
  return keyListAll(keyList(state.repoSettings.lists, selectedList(org)));
}

/** Sets an organization's policy; `selected` ids replace the selection (other policies clear it). */
export function setImmutablePolicy(state: CodeHostingState, org: string, policy: Enforced, ids?: readonly number[]): void {
  tableSet(state.repoSettings.immutablePolicy, org.toLowerCase(), policy);
  if (policy !== 'selected' || ids) replaceSelection(state, org, ids ?? []);
}

/** Replaces the selected repositories of an organization. */
export function replaceSelection(state: CodeHostingState, org: string, ids: readonly number[]): void {
  for (const id of selectedRepoIds(state, org)) tableDelete(state.repoSettings.selected, selectedKey(org, id));
  tableDelete(state.repoSettings.lists, selectedList(org));
  for (const id of new Set(ids)) selectRepo(state, org, id, true);
}

/** Adds (or removes) one repository to (from) an organization's selection. */
export function selectRepo(state: CodeHostingState, org: string, id: number, on: boolean): void {
  const has = tableHas(state.repoSettings.selected, selectedKey(org, id));
  if (on && !has) {
    tableSet(state.repoSettings.selected, selectedKey(org, id), true);
    keyListPush(state.repoSettings.lists, selectedList(org), id);
  }
  if (!on && has) {
    tableDelete(state.repoSettings.selected, selectedKey(org, id));
    keyListRemove(state.repoSettings.lists, selectedList(org), id);
  }
}

/** Whether the repository's owner (an organization policy) enforces immutable releases on it. */
export function immutableEnforcedByOwner(state: CodeHostingState, repo: RepoRecord): boolean {
  const policy = immutablePolicy(state, repo.ownerLogin);
  if (policy === 'all') return true;
  return policy === 'selected' && tableHas(state.repoSettings.selected, selectedKey(repo.ownerLogin, repo.id));
}
