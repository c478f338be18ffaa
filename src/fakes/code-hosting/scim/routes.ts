import { tableGet } from '../../../store/table.js';
import { checkRequired, mutate, putResource, read } from '../core/catalog/engine.js';
import type { Resource } from '../core/catalog/state.js';
import { githubError } from '../core/errors.js';
import type { RelationOp } from '../core/family.js';
import { applyPatch, scimView } from './model.js';

/**
 * Provisioned enterprise users and groups (SCIM): created, read and replaced by the generic engine,
 * patched with SCIM operations here; every answer carries SCIM's `meta`.
 */

const S = '/scim/v2/enterprises/{enterprise}';

const viewed =
  (run: RelationOp): RelationOp =>
  (rc) => {
    const out = run(rc);
    return { ...out, body: scimView(out.body as Resource) };
  };

const readOp: RelationOp = (rc) => read(rc.state.catalog, rc.op);
const writeOp: RelationOp = (rc) => mutate(rc.state.catalog, rc.state.counters, rc.op);

const patch: RelationOp = (rc) => {
  checkRequired(rc.op.row, rc.op.body);
  const prev = tableGet(rc.state.catalog.records, rc.op.key);
  if (!prev) throw githubError.notFound();
  const rec = putResource(rc.state.catalog, rc.state.counters, rc.op.row.path, rc.op.key, applyPatch(prev, rc.op.body), rc.op);
  return { status: 200, body: rec };
};

/** SCIM operations by `METHOD template`. */
export const SCIM_OPS: Readonly<Record<string, RelationOp>> = Object.fromEntries(
  ['Users/{scim_user_id}', 'Groups/{scim_group_id}'].flatMap((item) => {
    const collection = `${S}/${item.slice(0, item.indexOf('/'))}`;
    return [
      [`POST ${collection}`, viewed(writeOp)],
      [`GET ${S}/${item}`, viewed(readOp)],
      [`PUT ${S}/${item}`, viewed(writeOp)],
      [`PATCH ${S}/${item}`, viewed(patch)],
    ];
  }),
);
