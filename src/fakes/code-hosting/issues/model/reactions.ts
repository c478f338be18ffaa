import type { Resource } from '../../core/catalog/state.js';
import { githubError } from '../../core/errors.js';
import { type IssueCtx, invalid, loginOf, newId, ok, q, rec } from './context.js';
import { addMember, membersOf, ms, removeMember } from './lists.js';
import { pageIds } from './query.js';
import { REACTIONS } from './views.js';
import { tableDelete, tableSet } from '../../../../store/table.js';

/**
 * Reactions on issues (and pull requests), issue comments, review comments and commit comments:
 * stored under their subject (`<subject>/reactions/<id>`), counted per subject and content for the
 * `reactions` rollup of the subject, one per user and content as on GitHub.
 */

const rel = (c: IssueCtx, subjectKey: string) => subjectKey.slice(c.rp.length);

/** The subject key of a reaction route (`/repos/o/r/issues/5` of `/repos/o/r/issues/5/reactions[/9]`). */
function subjectOf(c: IssueCtx): string {
  const key = c.op.key;
  const at = key.lastIndexOf('/reactions');
  const subject = key.slice(0, at);
  if (!rec(c, subject)) throw githubError.notFound();
  return subject;
}

const orders = (c: IssueCtx, subjectKey: string) => ({ created: (id: number) => ms(rec(c, `${subjectKey}/reactions/${id}`)?.created_at) });

function count(c: IssueCtx, subject: string, content: string, by: number): void {
  const prev = c.ix.counts[subject] ?? {};
  const next = { ...prev, [content]: Math.max(0, (prev[content] ?? 0) + by) };
  c.ix.counts[subject] = Object.freeze(next);
}

/** Adds a reaction of a user (API, seeds); an existing one of the same user and content is answered instead. */
export function react(c: IssueCtx, subjectKey: string, content: string, user = c.actor, at = c.now, id0?: number): { id: number; created: boolean } {
  if (!(REACTIONS as readonly string[]).includes(content)) throw invalid('Reaction', 'content', 'invalid', content);
  const subject = rel(c, subjectKey);
  const ref = `X|${subject}|${user.toLowerCase()}|${content}`;
  const have = c.ix.refs[ref];
  if (have !== undefined && rec(c, `${subjectKey}/reactions/${have}`)) return { id: have, created: false };
  const id = id0 ?? newId(c);
  tableSet(c.s.catalog.records, `${subjectKey}/reactions/${id}`, { id, node_id: `REA_lADO${id.toString(36)}`, user, content, created_at: at });
  addMember(c.ix.lists, `X|${subject}`, id, orders(c, subjectKey));
  addMember(c.ix.lists, `X|${subject}|${content}`, id, orders(c, subjectKey));
  c.ix.refs[ref] = id;
  count(c, subject, content, 1);
  return { id, created: true };
}

function unreact(c: IssueCtx, subjectKey: string, id: number): void {
  const key = `${subjectKey}/reactions/${id}`;
  const r = rec(c, key);
  if (!r) throw githubError.notFound();
  const subject = rel(c, subjectKey);
  const content = String(r.content);
  tableDelete(c.s.catalog.records, key);
  removeMember(c.ix.lists, `X|${subject}`, id);
  removeMember(c.ix.lists, `X|${subject}|${content}`, id);
  delete c.ix.refs[`X|${subject}|${(loginOf(r.user) ?? '').toLowerCase()}|${content}`];
  count(c, subject, content, -1);
}

/** Removes every reaction of a subject being deleted (bounded by its reactions). */
export function dropReactions(c: IssueCtx, subjectKey: string): void {
  const subject = rel(c, subjectKey);
  for (const id of [...membersOf(c.ix.lists, `X|${subject}`, 'created')]) unreact(c, subjectKey, id);
  delete c.ix.counts[subject];
}

function view(c: IssueCtx, subjectKey: string, id: number): Resource | null {
  const r = rec(c, `${subjectKey}/reactions/${id}`);
  if (!r) return null;
  return { id, node_id: r.node_id, user: { login: loginOf(r.user) ?? c.actor }, content: r.content, created_at: r.created_at ?? c.now };
}

const list = (c: IssueCtx) => {
  const subjectKey = subjectOf(c);
  const content = q(c, 'content');
  const name = content ? `X|${rel(c, subjectKey)}|${content}` : `X|${rel(c, subjectKey)}`;
  const page = pageIds(c, membersOf(c.ix.lists, name, 'created'));
  return ok(
    200,
    page.ids.map((id) => view(c, subjectKey, id)),
    page.headers,
  );
};

const create = (c: IssueCtx) => {
  const subjectKey = subjectOf(c);
  const content = c.op.body.content;
  if (typeof content !== 'string') throw invalid('Reaction', 'content', 'missing_field');
  const out = react(c, subjectKey, content);
  return ok(out.created ? 201 : 200, view(c, subjectKey, out.id));
};

const remove = (c: IssueCtx) => {
  const subjectKey = subjectOf(c);
  unreact(c, subjectKey, Number(c.op.key.split('/').pop()));
  return ok(204);
};

const R = '/repos/{owner}/{repo}';
const SUBJECTS = [`${R}/issues/{issue_number}`, `${R}/issues/comments/{comment_id}`, `${R}/pulls/comments/{comment_id}`, `${R}/comments/{comment_id}`];

/** Reaction operations by `METHOD template`: `[write, fn]`. */
export const REACTION_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = Object.fromEntries(
  SUBJECTS.flatMap((s) => [
    [`GET ${s}/reactions`, [false, list]],
    [`POST ${s}/reactions`, [true, create]],
    [`DELETE ${s}/reactions/{reaction_id}`, [true, remove]],
  ]),
);
