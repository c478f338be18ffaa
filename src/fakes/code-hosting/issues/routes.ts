import { checkRequired } from '../core/catalog/engine.js';
import type { RelationOp } from '../core/family.js';
import { ASSIGNEE_ROUTES } from './model/assignees.js';
import { GUARDS } from './model/authz.js';
import { COMMENT_ROUTES } from './model/comments.js';
import { type IssueCtx, issueCtx, type ok } from './model/context.js';
import { EVENT_ROUTES } from './model/events.js';
import { ISSUE_ROUTES } from './model/issues.js';
import { LABEL_ROUTES } from './model/labels.js';
import { MILESTONE_ROUTES } from './model/milestones.js';
import { PULL_ROUTES } from './model/pulls.js';
import { PULL_DIFF_ROUTES } from './model/pull-diff.js';
import { REACTION_ROUTES } from './model/reactions.js';
import { REVIEW_ROUTES } from './model/reviews.js';

type Route = [write: boolean, fn: (c: IssueCtx) => ReturnType<typeof ok>];

const ROUTES: Record<string, Route> = {
  ...ISSUE_ROUTES,
  ...LABEL_ROUTES,
  ...MILESTONE_ROUTES,
  ...ASSIGNEE_ROUTES,
  ...COMMENT_ROUTES,
  ...EVENT_ROUTES,
  ...REACTION_ROUTES,
  ...PULL_ROUTES,
  ...PULL_DIFF_ROUTES,
  ...REVIEW_ROUTES,
};

/**
 * The issues and pull requests family as relation operations by `METHOD template`: issues, pulls,
 * comments (issue, review, commit), reviews, labels, milestones, assignees, events, timeline and
 * reactions, each object stored once and read under every path GitHub serves it. Writes pass the
 * family's authorship and role checks first (`model/authz.ts`).
 */
export const ISSUE_OPS: Readonly<Record<string, RelationOp>> = Object.fromEntries(
  Object.entries(ROUTES).map(([key, [write, fn]]) => [
    key,
    ((rc) => {
      if (write) checkRequired(rc.op.row, rc.op.body);
      const c = issueCtx(rc, write);
      // Who may change this item (authorship, the role on the repository): GitHub's refusal, or its answer.
      return GUARDS[key]?.(c) ?? fn(c);
    }) satisfies RelationOp,
  ]),
);
