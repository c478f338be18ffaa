import type { EdgeSpec } from '../models/registry.js';

/** Page edges of sections 4.2/4.3 besides the feed. */
export const pageEdges: Record<string, EdgeSpec> = {};
