import { githubError } from '../../core/errors.js';
import type { RelationContext, RelationOp } from '../../core/family.js';
import { RUNNER_DOCS, customNames, labelsAnswer, runnerOf, sentRunnerLabels, setCustomLabels } from '../model/runners.js';

/** Runner label operations (repository and organization runners), by `METHOD template`. */

const list: RelationOp = (rc) => ({ status: 200, body: labelsAnswer(runnerOf(rc.state, rc.op.key).rec) });

const add: RelationOp = (rc) => {
  const { key, rec } = runnerOf(rc.state, rc.op.key);
  const names = sentRunnerLabels(rc.op.body, false);
  return { status: 200, body: labelsAnswer(setCustomLabels(rc.state, key, rec, [...customNames(rec), ...names])) };
};

const set: RelationOp = (rc) => {
  const { key, rec } = runnerOf(rc.state, rc.op.key);
  return { status: 200, body: labelsAnswer(setCustomLabels(rc.state, key, rec, sentRunnerLabels(rc.op.body, true))) };
};

const clear: RelationOp = (rc) => {
  const { key, rec } = runnerOf(rc.state, rc.op.key);
  return { status: 200, body: labelsAnswer(setCustomLabels(rc.state, key, rec, [])) };
};

const lower = (s: string) => s.toLowerCase();

const remove: RelationOp = (rc: RelationContext) => {
  const { key, rec } = runnerOf(rc.state, rc.op.key);
  const name = decodeURIComponent(rc.op.key.slice(rc.op.key.lastIndexOf('/') + 1));
  const have = customNames(rec);
  if (!have.some((n) => lower(n) === lower(name))) throw githubError.notFound(RUNNER_DOCS);
  const next = setCustomLabels(
    rc.state,
    key,
    rec,
    have.filter((n) => lower(n) !== lower(name)),
  );
  return { status: 200, body: labelsAnswer(next) };
};

const ops = (base: string): Record<string, RelationOp> => ({
  [`GET ${base}/labels`]: list,
  [`POST ${base}/labels`]: add,
  [`PUT ${base}/labels`]: set,
  [`DELETE ${base}/labels`]: clear,
  [`DELETE ${base}/labels/{name}`]: remove,
});

/** Label routes of repository and organization runners. */
export const RUNNER_OPS: Readonly<Record<string, RelationOp>> = {
  ...ops('/repos/{owner}/{repo}/actions/runners/{runner_id}'),
  ...ops('/orgs/{org}/actions/runners/{runner_id}'),
};
