import type { Family } from '../core/family.js';
import { GRAPHQL_ROUTES, GRAPHQL_ROWS } from './routes.js';

/** GitHub's GraphQL API (`POST /graphql`, GHES `POST /api/graphql`) over the same state as REST. */
export const family: Family = { name: 'graphql', rows: GRAPHQL_ROWS, routes: GRAPHQL_ROUTES };
