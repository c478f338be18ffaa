import type { KeyLists } from '../../../store/key-list.js';
import { type Table, emptyTable } from '../../../store/table.js';

/** The repository toggles, by GitHub's path segment. */
export const TOGGLES = ['private-vulnerability-reporting', 'immutable-releases', 'automated-security-fixes', 'vulnerability-alerts'] as const;

/** One repository toggle. */
export type Toggle = (typeof TOGGLES)[number];

/** GitHub's organization immutable-releases policy values. */
export const ENFORCED = ['all', 'none', 'selected'] as const;

/** An organization's immutable-releases policy. */
export type Enforced = (typeof ENFORCED)[number];

/** The toggles and policies. */
export interface RepoSettingsSlice {
  /** `<repo id>:<toggle>` → true while the toggle is on. */
  toggles: Table<true>;
  /** Organization (lower-cased) → its immutable-releases policy (absent: `none`). */
  immutablePolicy: Table<Enforced>;
  /** `imm:<org lower>` → ids of the repositories selected for enforcement, in the order they were added. */
  lists: KeyLists<number>;
  /** `<org lower>:<repo id>` → true while the repository is selected (the O(1) membership test). */
  selected: Table<true>;
}

/** Empty toggles and policies. */
export function initialRepoSettingsSlice(): RepoSettingsSlice {
  return { toggles: emptyTable(), immutablePolicy: emptyTable(), lists: emptyTable(), selected: emptyTable() };
}
