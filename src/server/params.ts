/** Small readers of admin query parameters and request headers. */
import { AdminError } from './json.js';
import { didYouMean } from './nearest.js';

/** Unknown query keys answer 400 with the nearest name. */
export function checkKeys(q: URLSearchParams, allowed: readonly string[], route: string): void {
  for (const k of q.keys())
    if (!allowed.includes(k))
      throw new AdminError(400, `stuntdouble: GET /__stuntdouble/${route} has no parameter '${k}'.${didYouMean(k, allowed)} Parameters: ${allowed.join(', ')}`);
}

/** `?view=tree` or `?view=raw` (the default) of `GET state`. */
export function viewOf(q: URLSearchParams): 'raw' | 'tree' {
  checkKeys(q, ['service', 'view'], 'state');
  const view = q.get('view') ?? 'raw';
  if (view !== 'raw' && view !== 'tree')
    throw new AdminError(400, `stuntdouble: GET /__stuntdouble/state?view= takes 'tree' or 'raw', got '${view}'.${didYouMean(view, ['tree', 'raw'])}`);
  return view;
}

/** How `POST scenarios/{name}` answers the handles: as made (`raw`, the default) or `redacted` by the journal's rule. */
export function handlesView(q: URLSearchParams): 'raw' | 'redacted' {
  checkKeys(q, ['view'], 'scenarios');
  const view = q.get('view') ?? 'raw';
  if (view !== 'raw' && view !== 'redacted')
    throw new AdminError(
      400,
      `stuntdouble: POST /__stuntdouble/scenarios/{name}?view= takes 'redacted' or 'raw', got '${view}'.${didYouMean(view, ['redacted', 'raw'])}`,
    );
  return view;
}

/** The origin a request came in on, from its Host header (the server's own URL when it has none or a malformed one). */
export function originOf(host: string | undefined, fallback: string): string {
  return host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `http://${host}` : fallback;
}
