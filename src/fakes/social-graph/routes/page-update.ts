import { json } from '../../../http/response.js';
import type { GraphContext } from '../models/registry.js';

/** POST /{page-id}: Page update (section 4.2). */
export function updatePage(_g: GraphContext, _id: string) {
  return json(200, { success: true });
}
