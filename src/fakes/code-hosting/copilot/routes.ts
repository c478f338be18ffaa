import { checkRequired } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { GitHubError, githubError } from '../core/errors.js';
import type { CodeHostingState } from '../state.js';
import { pagedWrapped, param } from '../core/ops.js';
import { membershipOf } from '../orgs/model.js';
import { teamBySlug, teamById, teamSlug, teamView } from '../teams/model.js';
import type { TeamRecord } from '../teams/state.js';
import type { RelationContext, RelationOp } from '../core/family.js';
import { assignSeat, cancelSeat, seatBreakdown, seatOf, seatsOf } from './model.js';
import type { SeatRecord } from './state.js';

/**
 * Copilot Business seat management (copilot/copilot-user-management): adding users or teams creates
 * seats (`seats_created` counts new seats and restored ones), cancelling sets them pending cancellation
 * (`seats_cancelled`); the seat list, a member's seat and the subscription's `seat_breakdown` read the
 * same seats. The organization's policies answer as a Copilot Business subscription that assigns seats
 * to selected members.
 */

const DOCS = 'https://docs.github.com/rest/copilot/copilot-user-management';

const org = (rc: RelationContext) => param(rc.op, 'org');
const nowMs = (rc: RelationContext) => Date.parse(rc.op.now);

/** A body's non-empty list of names (`selected_usernames`, `selected_teams`), or 422. */
function names(rc: RelationContext, field: string): string[] {
  checkRequired(rc.op.row, rc.op.body);
  const v = rc.op.body[field];
  if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) {
    throw githubError.validation([{ resource: 'CopilotSeat', code: 'invalid', field }], DOCS);
  }
  return [...new Set(v as string[])];
}

/** The teams a body names (by name or slug); 422 for a team the organization does not have. */
function teams(rc: RelationContext): TeamRecord[] {
  return names(rc, 'selected_teams').map((name) => {
    const team = teamBySlug(rc.state, org(rc), teamSlug(name));
    if (!team) throw githubError.validation([{ resource: 'CopilotSeat', code: 'invalid', field: 'selected_teams', message: `Team ${name} not found` }], DOCS);
    return team;
  });
}

const membersOf = (state: CodeHostingState, team: TeamRecord) => state.teams.members[team.id] ?? [];

/** GitHub's `copilot-seat-details` of a seat (the renderer completes the account objects). */
function seatView(rc: RelationContext, s: SeatRecord): Resource {
  const team = s.teamId === null ? undefined : teamById(rc.state, s.teamId);
  const account = rc.state.accounts[s.org.toLowerCase()];
  return {
    created_at: s.created_at,
    updated_at: s.updated_at,
    pending_cancellation_date: s.pending_cancellation_date,
    last_activity_at: null,
    last_activity_editor: null,
    last_authenticated_at: null,
    plan_type: 'business',
    assignee: { login: s.login, type: 'User' },
    organization: { login: account?.login ?? s.org, ...(account ? { id: account.id } : {}) },
    assigning_team: team ? teamView(rc.state, rc.op.baseUrl, team) : null,
  };
}

const billing: RelationOp = (rc) => ({
  status: 200,
  body: {
    seat_breakdown: seatBreakdown(rc.state, org(rc), nowMs(rc)),
    public_code_suggestions: 'allow',
    ide_chat: 'enabled',
    platform_chat: 'enabled',
    cli: 'enabled',
    seat_management_setting: 'assign_selected',
    plan_type: 'business',
  },
});

const listSeats: RelationOp = (rc) => pagedWrapped(rc.op, 'seats', seatsOf(rc.state, org(rc), nowMs(rc)), (s) => seatView(rc, s), 'total_seats');

const addUsers: RelationOp = (rc) => {
  const created = names(rc, 'selected_usernames').filter((login) => assignSeat(rc.state, org(rc), login, null, rc.op.now)).length;
  return { status: 201, body: { seats_created: created } };
};

const cancelUsers: RelationOp = (rc) => {
  const seats = names(rc, 'selected_usernames')
    .map((login) => seatOf(rc.state, org(rc), login, nowMs(rc)))
    .filter((s): s is SeatRecord => s !== undefined);
  // "... or a user's seat cannot be cancelled because it was assigned to them via a team."
  const viaTeam = seats.find((s) => s.teamId !== null);
  if (viaTeam)
    throw new GitHubError(422, `The seat of ${viaTeam.login} was assigned through a team and cannot be cancelled for the user`, { documentationUrl: DOCS });
  return { status: 200, body: { seats_cancelled: seats.filter((s) => cancelSeat(s, rc.op.now)).length } };
};

const addTeams: RelationOp = (rc) => {
  let created = 0;
  for (const team of teams(rc)) {
    for (const login of membersOf(rc.state, team)) if (assignSeat(rc.state, org(rc), login, team.id, rc.op.now)) created++;
  }
  return { status: 201, body: { seats_created: created } };
};

const cancelTeams: RelationOp = (rc) => {
  let cancelled = 0;
  for (const team of teams(rc)) {
    for (const login of membersOf(rc.state, team)) {
      const seat = seatOf(rc.state, org(rc), login, nowMs(rc));
      if (seat && seat.teamId === team.id && cancelSeat(seat, rc.op.now)) cancelled++;
    }
  }
  return { status: 200, body: { seats_cancelled: cancelled } };
};

/** A member's seat: 404 without one; 422 while the user's membership is a pending invitation (documented). */
const memberSeat: RelationOp = (rc) => {
  const login = param(rc.op, 'username');
  if (membershipOf(rc.state, org(rc), login)?.state === 'pending') {
    throw new GitHubError(422, 'The user has a pending organization invitation', { documentationUrl: DOCS });
  }
  const seat = seatOf(rc.state, org(rc), login, nowMs(rc));
  if (!seat) throw githubError.notFound(DOCS);
  return { status: 200, body: seatView(rc, seat) };
};

const B = '/orgs/{org}/assistant/billing';

/** Copilot seat operations by `METHOD template` (the catalog's seed spelling, `assistant`). */
export const COPILOT_OPS: Readonly<Record<string, RelationOp>> = {
  [`GET ${B}`]: billing,
  [`GET ${B}/seats`]: listSeats,
  [`POST ${B}/selected_users`]: addUsers,
  [`DELETE ${B}/selected_users`]: cancelUsers,
  [`POST ${B}/selected_teams`]: addTeams,
  [`DELETE ${B}/selected_teams`]: cancelTeams,
  'GET /orgs/{org}/members/{username}/assistant': memberSeat,
};
