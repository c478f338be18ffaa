import { nextId } from '../../../../store/ids.js';
import type { Resource } from '../../core/catalog/state.js';
import { type IssueCtx, intParam, invalid, must, newId, ok, q, rec } from './context.js';
import { milestoneKey } from './keys.js';
import { type Ids, type Orders, addMember, membersOf, ms, removeMember, reposition } from './lists.js';
import { changeIssue, recordEvent } from '../model.js';
import { pageIds, stateParam } from './query.js';
import { milestoneView, sizeOf } from './views.js';
import { tableDelete, tableGet, tableSet } from '../../../../store/table.js';

/**
 * Milestones: counters `open_issues` / `closed_issues` are the sizes of the issue index lists of the
 * milestone (they follow every issue change in the same update); lists by state in `due_on` order.
 */

const low = (s: string) => s.toLowerCase();

/** Orders of milestone lists: `due_on` (a milestone without one sorts last). */
export function milestoneOrders(c: Pick<IssueCtx, 'rp' | 's'>): Orders {
  return {
    due_on: (n) => {
      const due = tableGet(c.s.catalog.records, milestoneKey(c.rp, n))?.due_on;
      return due ? ms(due) : Number.MAX_SAFE_INTEGER;
    },
  };
}

/** Lists a milestone belongs to. */
function listsOfMilestone(m: Resource): string[] {
  return ['M|all', `M|${m.state === 'closed' ? 'closed' : 'open'}`];
}

/** Stores a milestone and moves it between its lists (`prev`: the record before the change). */
export function saveMilestone(c: IssueCtx, n: number, m: Resource, prev: Resource | undefined): void {
  tableSet(c.s.catalog.records, milestoneKey(c.rp, n), m);
  const had = prev ? listsOfMilestone(prev) : [];
  const has = listsOfMilestone(m);
  const orders = milestoneOrders(c);
  for (const l of had) if (!has.includes(l)) removeMember(c.ix.lists, l, n);
  for (const l of has) {
    if (!had.includes(l)) addMember(c.ix.lists, l, n, orders);
    else if (prev?.due_on !== m.due_on) reposition(c.ix.lists, l, n, orders);
  }
  if (prev && typeof prev.title === 'string' && low(prev.title) !== low(String(m.title))) delete c.ix.refs[`MT|${low(prev.title)}`];
  if (typeof m.title === 'string') c.ix.refs[`MT|${low(m.title)}`] = n;
}

function checkTitle(c: IssueCtx, title: unknown, self?: number): string {
  if (typeof title !== 'string' || !title.trim()) throw invalid('Milestone', 'title', 'missing_field');
  const holder = c.ix.refs[`MT|${low(title)}`];
  if (holder !== undefined && holder !== self && rec(c, milestoneKey(c.rp, holder))) throw invalid('Milestone', 'title', 'already_exists');
  return title;
}

function stateOf(v: unknown): 'open' | 'closed' {
  if (v === undefined || v === 'open') return 'open';
  if (v === 'closed') return 'closed';
  throw invalid('Milestone', 'state', 'invalid', String(v));
}

/** Creates a milestone (API create and seeds); returns its number. */
export function insertMilestone(c: IssueCtx, b: Resource, number?: number): number {
  const title = checkTitle(c, b.title);
  const state = stateOf(b.state);
  const n = number ?? nextId(c.s.counters, `${c.rp}/milestones#number`);
  const id = newId(c);
  saveMilestone(
    c,
    n,
    {
      id,
      node_id: `MI_kwDO${id.toString(36)}`,
      number: n,
      title,
      description: typeof b.description === 'string' ? b.description : null,
      state,
      due_on: typeof b.due_on === 'string' ? b.due_on : null,
      creator: typeof b.creator === 'string' ? b.creator : c.actor,
      created_at: c.now,
      updated_at: c.now,
      closed_at: state === 'closed' ? c.now : null,
    },
    undefined,
  );
  return n;
}

const listMilestones = (c: IssueCtx) => {
  const ids = membersOf(c.ix.lists, `M|${stateParam(c)}`, 'due_on');
  const desc = q(c, 'direction') === 'desc';
  let ordered: Ids = ids;
  if (q(c, 'sort') === 'completeness') {
    // Completeness changes with every issue of the milestone: sorted on read, over this repository's milestones.
    const done = (n: number) => {
      const open = sizeOf(c, `I|open|m:${n}`);
      const closed = sizeOf(c, `I|closed|m:${n}`);
      return open + closed === 0 ? 0 : closed / (open + closed);
    };
    ordered = [...ids].sort((a, b) => done(a) - done(b) || a - b);
  }
  const page = pageIds(c, ordered, desc);
  return ok(
    200,
    page.ids.map((n) => milestoneView(c, n)),
    page.headers,
  );
};

const createMilestone = (c: IssueCtx) => {
  const n = insertMilestone(c, c.op.body);
  const view = milestoneView(c, n);
  return ok(201, view, { location: String(view?.url) });
};

const getMilestone = (c: IssueCtx) => {
  const n = intParam(c, 'milestones');
  must(c, milestoneKey(c.rp, n));
  return ok(200, milestoneView(c, n));
};

const updateMilestone = (c: IssueCtx) => {
  const n = intParam(c, 'milestones');
  const prev = must(c, milestoneKey(c.rp, n));
  const b = c.op.body;
  const next: Resource = { ...prev, updated_at: c.now };
  if (b.title !== undefined) next.title = checkTitle(c, b.title, n);
  if (b.description !== undefined) next.description = b.description;
  if (b.due_on !== undefined) next.due_on = b.due_on;
  if (b.state !== undefined) {
    const st = stateOf(b.state);
    if (st !== prev.state) next.closed_at = st === 'closed' ? c.now : null;
    next.state = st;
  }
  saveMilestone(c, n, next, prev);
  return ok(200, milestoneView(c, n));
};

const deleteMilestone = (c: IssueCtx) => {
  const n = intParam(c, 'milestones');
  const key = milestoneKey(c.rp, n);
  const prev = must(c, key);
  for (const i of [...membersOf(c.ix.lists, `I|all|m:${n}`, 'created')]) {
    changeIssue(c, i, (issue) => {
      issue.milestone = null;
    });
    recordEvent(c, i, 'demilestoned', { milestone: { title: String(prev.title ?? '') } });
  }
  for (const l of listsOfMilestone(prev)) removeMember(c.ix.lists, l, n);
  if (typeof prev.title === 'string') delete c.ix.refs[`MT|${low(prev.title)}`];
  tableDelete(c.s.catalog.records, key);
  return ok(204);
};

const M = '/repos/{owner}/{repo}/milestones';

/** Milestone operations by `METHOD template`: `[write, fn]`. */
export const MILESTONE_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${M}`]: [false, listMilestones],
  [`POST ${M}`]: [true, createMilestone],
  [`GET ${M}/{milestone_number}`]: [false, getMilestone],
  [`PATCH ${M}/{milestone_number}`]: [true, updateMilestone],
  [`DELETE ${M}/{milestone_number}`]: [true, deleteMilestone],
};
