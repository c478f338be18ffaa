import { mutate } from '../core/catalog/engine.js';
import type { RelationOp } from '../core/family.js';
import { repoOf } from '../core/ops.js';
import { domainOf } from './model.js';
import { PAGES } from './state.js';

/** Creating a Pages site: the generic engine stores it, with the custom domain its publishing source's `CNAME` file names. */
const create: RelationOp = (rc) =>
  mutate(rc.state.catalog, rc.state.counters, { ...rc.op, body: { ...rc.op.body, ...domainOf(rc.state, repoOf(rc), rc.op.body) } });

/** Pages operations by `METHOD template`. */
export const PAGES_OPS: Readonly<Record<string, RelationOp>> = { [`POST ${PAGES}`]: create };
