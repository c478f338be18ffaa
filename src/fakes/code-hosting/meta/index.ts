import type { Family } from '../core/family.js';
import { META_ROUTES, META_ROWS } from './routes.js';

/** GitHub's fixed data: emojis, `.gitignore` templates, licenses (and a repository's), meta, octocat, zen. */
export const family: Family = { name: 'meta', rows: META_ROWS, routes: META_ROUTES };
