import { type Table, emptyTable } from '../../../store/table.js';

/** GitHub's `interaction-group`. */
export const GROUPS = ['existing_users', 'contributors_only', 'collaborators_only'] as const;

/** Who may interact. */
export type Group = (typeof GROUPS)[number];

/** GitHub's `interaction-expiry`: how long a limit lasts. */
export const EXPIRIES = ['one_day', 'three_days', 'one_week', 'one_month', 'six_months'] as const;

/** A duration. */
export type Expiry = (typeof EXPIRIES)[number];

/** Where a limit was set (GitHub's `origin`). */
export type Origin = 'repository' | 'organization' | 'user';

/** A stored limit. */
export interface LimitRecord {
  limit: Group;
  origin: Origin;
  /** ISO instant on the fake clock. */
  expires_at: string;
}

/** The limits. */
export interface InteractionLimitSlice {
  /** `repo:<id>`, `org:<login lower>`, `user:<login lower>` → limit. */
  limits: Table<LimitRecord>;
}

/** No limits. */
export function initialInteractionLimitSlice(): InteractionLimitSlice {
  return { limits: emptyTable() };
}
