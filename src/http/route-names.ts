import { UnknownNameError } from '../errors.js';
import { didYouMean, editDistance, suggest } from '../util/suggest.js';
import { splitTemplate } from './router.js';

/** A parameter name in one spelling: lower case, `-` and camelCase turned to `_` (`{page-id}`, `{pageId}` → `{page_id}`). */
function normalizeParam(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** A route template with its parameter names normalized, so alias spellings compare equal. */
export function canonicalTemplate(template: string): string {
  return template.replace(
    /\{([+]?)([^}=]+)(=[^}]*)?\}/g,
    (_m, plus: string, name: string, pattern: string | undefined) => `{${plus}${normalizeParam(name)}${pattern ?? ''}}`,
  );
}

/**
 * The error for a route string that names no route of a service, with the nearest spellings. `title`
 * is the service's title (`GitHub has no route ...`); `undefined` when no service was named and none
 * of them has it (`no fake has a route ...`).
 */
export function routeKeyError(
  title: string | undefined,
  where: string,
  method: string | undefined,
  template: string,
  all: readonly string[],
  closest: readonly string[],
  services?: readonly string[],
): UnknownNameError {
  if (services) {
    const near = suggest(template, services);
    return new UnknownNameError(
      `stuntdouble: unknown service '${template}' in ${where}.${didYouMean(near.length ? near : services)}`,
      'service',
      template,
      near,
    );
  }
  const input = method ? `${method} ${template}` : template;
  const candidates = method ? all : all.map((r) => r.slice(r.indexOf(' ') + 1));
  const bySpelling = suggest(input, candidates);
  const near = [...new Set([...bySpelling, ...closest.filter((c) => !method || c.startsWith(`${method} `))])].slice(0, 3);
  return new UnknownNameError(
    `stuntdouble: ${title === undefined ? 'no fake has a' : `${title} has no`} route '${input}' (in ${where}).${didYouMean(near)} fakes.routes() lists them all.`,
    'route',
    input,
    near,
  );
}

function segmentScore(t: string, s: string): number {
  if (t === s) return 3;
  const param = /^([^{}]*)\{[^}]+\}([^{}]*)$/.exec(t);
  if (param) return s.startsWith(param[1] as string) && s.endsWith(param[2] as string) && s.length > 0 ? 2 : 0.5;
  if (t.includes('{')) return 1; // a multi-segment Google pattern
  const d = editDistance(t, s);
  return d <= Math.max(1, Math.floor(t.length / 4)) ? 1.5 : 0;
}

/** How much a template looks like the path's segments from `from` on (an offset, not a copy: a path may hold 50,000 segments). */
function scoreRoute(template: string, segs: string[], from = 0): number {
  const t = splitTemplate(template);
  const n = segs.length - from;
  let score = 0;
  for (let k = 0; k < Math.min(t.length, n); k++) score += segmentScore(t[k] as string, segs[from + k] as string);
  return score - 1.5 * Math.abs(t.length - n);
}

/**
 * Up to `n` routes that look most like a request, by path similarity: literal and near-literal
 * segments, parameter shapes (`act_{id}` wants `act_...`), length, method; a leading prefix the base
 * URL lacks (`/api/v3` of GitHub Enterprise Server) is tried away too.
 */
export function closestRoutes(routes: ReadonlyArray<{ method: string; template: string }>, method: string, path: string, n = 3): string[] {
  const segs = splitTemplate(path);
  const m = method.toUpperCase();
  // Routes under `/_` answer a fake's non-API hosts (GitHub's archive and log hosts): suggested only for paths there.
  const pool = path.startsWith('/_') ? routes : routes.filter((r) => !r.template.startsWith('/_'));
  // The shortened paths once, not once per route (a path of 50,000 segments made this seconds long).
  const cuts = [1, 2].filter((cut) => cut <= segs.length - 1).map((cut) => ({ cut, rest: segs.slice(cut) }));
  const scored = pool.map((r) => {
    let best = scoreRoute(r.template, segs);
    for (const { cut, rest } of cuts) best = Math.max(best, scoreRoute(r.template, rest) - cut);
    return { key: `${r.method} ${r.template}`, score: best + (r.method === m ? 1 : 0) };
  });
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  return scored.slice(0, n).map((s) => s.key);
}
