import type { Family } from '../core/family.js';
import { MARKDOWN_ROUTES, MARKDOWN_ROWS } from './routes.js';

/** Markdown rendering: `POST /markdown` (markdown or gfm mode, in a repository's context) and `POST /markdown/raw`. */
export const family: Family = { name: 'markdown', rows: MARKDOWN_ROWS, routes: MARKDOWN_ROUTES };
