import { Octokit } from '@octokit/rest';
import { type Fakes, createFakes } from 'stuntdouble';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// Copilot Business seats as GitHub documents them (copilot/copilot-user-management): adding users or
// teams answers `seats_created` ("new seats that were created and existing seats that were
// refreshed"); cancelling answers `seats_cancelled` and sets the seats "pending cancellation" until the
// end of the billing cycle; the seat list (`total_seats`, `seats`), a member's seat (404 without one)
// and the subscription's `seat_breakdown` read the same seats.

const ORG = 'acme';

describe('copilot seats', () => {
  let fakes: Fakes;
  let octokit: Octokit;
  beforeEach(() => {
    fakes = createFakes({ clock: '2024-03-10T10:00:00Z' }).install();
    fakes.codeHosting.seed.account({ login: ORG, type: 'Organization' });
    octokit = new Octokit({ auth: 'ghp_lenient', request: { retries: 0 } });
  });
  afterEach(() => fakes.uninstall());

  it('adding users creates seats that the seat list, the member seat and the breakdown show', async () => {
    const added = await octokit.rest.copilot.addCopilotSeatsForUsers({ org: ORG, selected_usernames: ['mona', 'hubot'] });
    expect([added.status, added.data]).toEqual([201, { seats_created: 2 }]);
    // Seats already assigned are not created again.
    expect((await octokit.rest.copilot.addCopilotSeatsForUsers({ org: ORG, selected_usernames: ['mona', 'lisa'] })).data).toEqual({ seats_created: 1 });

    const list = (await octokit.rest.copilot.listCopilotSeats({ org: ORG })).data;
    expect(list.total_seats).toBe(3);
    expect(list.seats?.map((s) => [s.assignee?.login, s.created_at, s.pending_cancellation_date])).toEqual([
      ['mona', '2024-03-10T10:00:00.000Z', null],
      ['hubot', '2024-03-10T10:00:00.000Z', null],
      ['lisa', '2024-03-10T10:00:00.000Z', null],
    ]);
    const seat = (await octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'mona' })).data;
    expect(seat).toMatchObject({ assignee: { login: 'mona' }, organization: { login: ORG }, pending_cancellation_date: null });
    // A seat given to the user directly has no assigning team (the description's nullable union).
    expect(seat.assigning_team).toBeNull();

    const details = (await octokit.rest.copilot.getCopilotOrganizationDetails({ org: ORG })).data;
    expect(details.seat_breakdown).toMatchObject({ total: 3, added_this_cycle: 3, pending_cancellation: 0, pending_invitation: 0 });
  });

  it('a user without a seat: 404; seed.resource on the member path seeds one', async () => {
    await expect(octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'nobody' })).rejects.toMatchObject({ status: 404 });
    fakes.codeHosting.seed.resource(`/orgs/${ORG}/members/nobody/copilot`, {});
    expect((await octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'nobody' })).data.assignee?.login).toBe('nobody');
    expect((await octokit.rest.copilot.listCopilotSeats({ org: ORG })).data.total_seats).toBe(1);
  });

  it('cancelling sets seats pending cancellation until the next billing cycle, then they are gone', async () => {
    await octokit.rest.copilot.addCopilotSeatsForUsers({ org: ORG, selected_usernames: ['mona', 'hubot'] });
    const cancelled = await octokit.rest.copilot.cancelCopilotSeatAssignmentForUsers({ org: ORG, selected_usernames: ['mona', 'nobody'] });
    expect([cancelled.status, cancelled.data]).toEqual([200, { seats_cancelled: 1 }]);
    const seat = (await octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'mona' })).data;
    expect(seat.pending_cancellation_date).toBe('2024-04-01');
    expect((await octokit.rest.copilot.getCopilotOrganizationDetails({ org: ORG })).data.seat_breakdown).toMatchObject({ total: 2, pending_cancellation: 1 });

    fakes.clock.set('2024-04-01T00:00:00Z');
    await expect(octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'mona' })).rejects.toMatchObject({ status: 404 });
    const list = (await octokit.rest.copilot.listCopilotSeats({ org: ORG })).data;
    expect([list.total_seats, list.seats?.map((s) => s.assignee?.login)]).toEqual([1, ['hubot']]);
  });

  it('teams: every member gets a seat through the team; cancelling the team cancels them; a team seat cannot be cancelled per user (422)', async () => {
    await octokit.rest.teams.create({ org: ORG, name: 'Core Devs' });
    await octokit.rest.teams.addOrUpdateMembershipForUserInOrg({ org: ORG, team_slug: 'core-devs', username: 'mona' });
    const members = (await octokit.rest.teams.listMembersInOrg({ org: ORG, team_slug: 'core-devs' })).data.map((u) => u.login);
    // GitHub makes a team's creator its maintainer: the caller and mona get seats.
    expect(members.sort()).toEqual(['mona', 'octocat']);

    const added = await octokit.rest.copilot.addCopilotSeatsForTeams({ org: ORG, selected_teams: ['Core Devs'] });
    expect([added.status, added.data]).toEqual([201, { seats_created: 2 }]);
    const seat = (await octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'mona' })).data;
    expect(seat.assigning_team).toMatchObject({ slug: 'core-devs', name: 'Core Devs' });

    await expect(octokit.rest.copilot.cancelCopilotSeatAssignmentForUsers({ org: ORG, selected_usernames: ['mona'] })).rejects.toMatchObject({ status: 422 });
    const cancelled = await octokit.rest.copilot.cancelCopilotSeatAssignmentForTeams({ org: ORG, selected_teams: ['core-devs'] });
    expect(cancelled.data).toEqual({ seats_cancelled: 2 });
    expect((await octokit.rest.copilot.getCopilotOrganizationDetails({ org: ORG })).data.seat_breakdown).toMatchObject({
      total: 2,
      pending_cancellation: 2,
    });
  });

  it('a user with a pending organization invitation: 422 for their seat', async () => {
    await octokit.rest.orgs.setMembershipForUser({ org: ORG, username: 'newbie' });
    await expect(octokit.rest.copilot.getCopilotSeatDetailsForUser({ org: ORG, username: 'newbie' })).rejects.toMatchObject({ status: 422 });
  });
});
