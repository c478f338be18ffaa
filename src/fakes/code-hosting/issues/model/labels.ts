import { putResource } from '../../core/catalog/engine.js';
import type { Resource } from '../../core/catalog/state.js';
import { GitHubError } from '../../core/errors.js';
import { type IssueCtx, intParam, lastParam, must, ok, rec } from './context.js';
import { diffEvents, mustIssue, names } from './issues.js';
import { issueKey, labelKey } from './keys.js';
import { type Ids, membersOf } from './lists.js';
import { changeIssue, ensureLabels, labelsOf } from '../model.js';
import { checkLabelFields, labelColor, labelTaken, newLabel } from './label-rules.js';
import { checkLabelCount } from './limits.js';
import { pageIds } from './query.js';
import { tableDelete } from '../../../../store/table.js';
import { keyListRemove } from '../../../../store/key-list.js';

/**
 * Labels on issues and the repository's labels as one set of objects: names sent on an issue create
 * the labels the repository lacks; renaming a label renames it on every issue that has it; deleting
 * it takes it off them.
 */

const low = (s: string) => s.toLowerCase();

/** The label objects of names (the repository's records; GitHub's default color for any missing). */
function labelObjects(c: IssueCtx, list: readonly string[]): Resource[] {
  return list.map((name) => {
    const key = labelKey(c.rp, name);
    return { ...(rec(c, key) ?? { name, color: 'ededed', description: null, default: false }), url: `${c.base}${key}` };
  });
}

/** Labels sent as `{ labels: [...] }`, `{ labels: [{ name }] }` or a bare array. */
function sentLabels(c: IssueCtx): string[] {
  return names(c.op.body.labels ?? c.op.arrayBody) ?? [];
}

function setIssueLabels(c: IssueCtx, n: number, next: string[]): Resource {
  const before = mustIssue(c, n);
  checkLabelCount(next.length);
  ensureLabels(c, next);
  const after = changeIssue(c, n, (i) => {
    i.labels = next;
  });
  diffEvents(c, n, before, after);
  return after;
}

const listOnIssue = (c: IssueCtx) => {
  const issue = mustIssue(c, intParam(c, 'issues'));
  const all = labelObjects(c, labelsOf(issue));
  const page = pageIds(
    c,
    all.map((_, i) => i),
  );
  return ok(
    200,
    page.ids.map((i) => all[i]),
    page.headers,
  );
};

const addToIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const have = labelsOf(mustIssue(c, n));
  const add = sentLabels(c).filter((l) => !have.includes(l));
  const after = setIssueLabels(c, n, [...have, ...add]);
  return ok(200, labelObjects(c, labelsOf(after)));
};

const setOnIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const after = setIssueLabels(c, n, sentLabels(c));
  return ok(200, labelObjects(c, labelsOf(after)));
};

const clearOnIssue = (c: IssueCtx) => {
  setIssueLabels(c, intParam(c, 'issues'), []);
  return ok(204);
};

const removeFromIssue = (c: IssueCtx) => {
  const n = intParam(c, 'issues');
  const name = lastParam(c);
  const have = labelsOf(mustIssue(c, n));
  if (!have.some((l) => low(l) === low(name)))
    throw new GitHubError(404, 'Label does not exist', { documentationUrl: 'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue' });
  const after = setIssueLabels(
    c,
    n,
    have.filter((l) => low(l) !== low(name)),
  );
  return ok(200, labelObjects(c, labelsOf(after)));
};

/** Issue numbers carrying a label (any state). */
function issuesWith(c: IssueCtx, name: string): Ids {
  return membersOf(c.ix.lists, `I|all|l:${low(name)}`, 'created');
}

const updateLabel = (c: IssueCtx) => {
  const name = lastParam(c);
  const key = labelKey(c.rp, name);
  const prev = must(c, key);
  const b = c.op.body;
  const to = typeof b.new_name === 'string' && b.new_name ? b.new_name : typeof b.name === 'string' && b.name ? b.name : name;
  checkLabelFields(to, b.description);
  const toKey = labelKey(c.rp, to);
  if (to !== name && rec(c, toKey) && low(to) !== low(name)) throw labelTaken();
  const fields: Resource = { ...prev, name: to };
  if (b.color !== undefined) fields.color = labelColor(b.color);
  if (b.description !== undefined) fields.description = b.description;
  delete fields.new_name;
  if (to !== name) {
    for (const n of [...issuesWith(c, name)]) {
      changeIssue(
        c,
        n,
        (i) => {
          i.labels = labelsOf(i).map((l) => (l === name ? to : l));
        },
        false,
      );
    }
    tableDelete(c.s.catalog.records, key);
    keyListRemove(c.s.catalog.lists, `${c.rp}/labels`, key);
  }
  const out = putResource(c.s.catalog, c.s.counters, '/repos/{owner}/{repo}/labels/{name}', toKey, fields, { baseUrl: c.base, now: c.now });
  return ok(200, out);
};

const createLabel = (c: IssueCtx) => {
  const fields = newLabel(c.op.body);
  const name = String(fields.name);
  const key = labelKey(c.rp, name);
  if (rec(c, key) || rec(c, labelKey(c.rp, low(name)))) throw labelTaken();
  const out = putResource(c.s.catalog, c.s.counters, '/repos/{owner}/{repo}/labels/{name}', key, fields, { baseUrl: c.base, now: c.now });
  return ok(201, out, { location: String(out.url) });
};

const deleteLabel = (c: IssueCtx) => {
  const name = lastParam(c);
  const key = labelKey(c.rp, name);
  must(c, key);
  for (const n of [...issuesWith(c, name)]) {
    changeIssue(
      c,
      n,
      (i) => {
        i.labels = labelsOf(i).filter((l) => l !== name);
      },
      false,
    );
  }
  tableDelete(c.s.catalog.records, key);
  keyListRemove(c.s.catalog.lists, `${c.rp}/labels`, key);
  return ok(204);
};

/** Labels of the issues in a milestone (bounded by the milestone's issues). */
const labelsForMilestone = (c: IssueCtx) => {
  const m = intParam(c, 'milestones');
  must(c, `${c.rp}/milestones/${m}`);
  const seen = new Set<string>();
  for (const n of membersOf(c.ix.lists, `I|all|m:${m}`, 'created')) for (const l of labelsOf(rec(c, issueKey(c.rp, n)) ?? {})) seen.add(l);
  const all = labelObjects(c, [...seen]);
  const page = pageIds(
    c,
    all.map((_, i) => i),
  );
  return ok(
    200,
    page.ids.map((i) => all[i]),
    page.headers,
  );
};

const I = '/repos/{owner}/{repo}/issues/{issue_number}/labels';
const L = '/repos/{owner}/{repo}/labels/{name}';

/** Label operations by `METHOD template`: `[write, fn]`. */
export const LABEL_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  [`GET ${I}`]: [false, listOnIssue],
  [`POST ${I}`]: [true, addToIssue],
  [`PUT ${I}`]: [true, setOnIssue],
  [`DELETE ${I}`]: [true, clearOnIssue],
  [`DELETE ${I}/{name}`]: [true, removeFromIssue],
  [`POST /repos/{owner}/{repo}/labels`]: [true, createLabel],
  [`PATCH ${L}`]: [true, updateLabel],
  [`DELETE ${L}`]: [true, deleteLabel],
  [`GET /repos/{owner}/{repo}/milestones/{milestone_number}/labels`]: [false, labelsForMilestone],
};
