import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { answerGraphql } from './model.js';

/**
 * `POST /graphql` (and `POST /api/graphql`, GitHub Enterprise Server's spelling next to `/api/v3`): rows
 * the seed's table lacks. Served raw, outside the REST pipeline: GraphQL authenticates with its own
 * errors (the GraphQL documentation's links) and meters its own `graphql` resource in points, not
 * REST's `core` window.
 */
export const GRAPHQL_ROWS: ExtraRow[] = ['/graphql', '/api/graphql'].map((path) => ({ method: 'POST', path, operationId: 'graphql:query' }));

/** Both spellings, answered by the one handler. */
export const GRAPHQL_ROUTES: FamilyRoute[] = GRAPHQL_ROWS.map((r) => ({ row: `${r.method} ${r.path}`, raw: (ctx) => answerGraphql(ctx) }));
