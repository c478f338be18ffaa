import { type Family, opRoutes } from '../core/family.js';
import { PAGES_OPS } from './routes.js';

/** GitHub Pages sites: a new site's custom domain from its publishing source's `CNAME` file. */
export const family: Family = { name: 'pages', routes: opRoutes(PAGES_OPS) };
