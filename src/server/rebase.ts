/**
 * Seed helpers and scenario handles render their JSON for the fakes' own base URLs
 * (`https://api.github.com`); over the admin API they should point where live answers do, at the
 * server (`http://HOST:PORT/github`). This rewrites a value's URLs from the one base to the other,
 * deriving the web, archive and log hosts of each the way the code hosting fake derives them.
 */
import type { Fakes } from '../create-fakes.js';
import { archiveBase, logBase } from '../fakes/code-hosting/core/hosts.js';
import { trimBase, webBase } from '../fakes/code-hosting/core/urls.js';

type Pair = [from: string, to: string];

/** The URL prefixes of GitHub JSON rendered for `fromApi`, each with its counterpart for `toApi`. */
function codeHostingPairs(fromApi: string, toApi: string): Pair[] {
  const from = trimBase(fromApi);
  const to = trimBase(toApi);
  const webFrom = webBase(from);
  const webTo = webBase(to);
  const bare = (web: string) => web.replace(/^https?:/, '');
  const pairs: Pair[] = [
    [from, to],
    [archiveBase(from), archiveBase(to)],
    [logBase(from), logBase(to)],
    [webFrom, webTo],
    [`git:${bare(webFrom)}`, `git:${bare(webTo)}`],
    [`git@${new URL(webFrom).host}:`, `git@${new URL(webTo).host}:`],
  ];
  // github.com's import pages live on their own host; elsewhere under the web origin (see importHtmlUrl).
  if (webFrom === 'https://github.com') pairs.push(['https://import.github.com', webTo]);
  return pairs;
}

/**
 * A function that rewrites every string of a JSON-like value that starts with one of the bases
 * (`from` followed by `/`, `{`, `?`, `#`, `:` or nothing) to the server's. Values without such
 * strings come back as they were.
 */
export function urlRebaser(bases: { codeHosting?: [string, string]; socialGraph?: [string, string] }): (value: unknown) => unknown {
  const pairs: Pair[] = [];
  if (bases.codeHosting) pairs.push(...codeHostingPairs(...bases.codeHosting));
  if (bases.socialGraph) pairs.push([trimBase(bases.socialGraph[0]), trimBase(bases.socialGraph[1])]);
  // Longest first: `https://api.github.com` before `https://github.com`-like prefixes that it contains.
  const ordered = pairs.filter(([a, b]) => a !== b).sort((x, y) => y[0].length - x[0].length);
  const rewrite = (s: string): string => {
    for (const [from, to] of ordered) {
      if (!s.startsWith(from)) continue;
      const next = s.charAt(from.length);
      if (from.endsWith(':') || next === '' || '/{?#:'.includes(next)) return to + s.slice(from.length);
    }
    return s;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return rewrite(v);
    if (v === null || typeof v !== 'object' || depth > 64 || ArrayBuffer.isView(v)) return v;
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      v.forEach((item, i) => {
        const r = walk(item, depth + 1);
        if (r !== item) {
          out ??= [...v];
          out[i] = r;
        }
      });
      return out ?? v;
    }
    if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return v;
    let out: Record<string, unknown> | undefined;
    for (const [k, item] of Object.entries(v)) {
      const r = walk(item, depth + 1);
      if (r !== item) {
        out ??= { ...(v as Record<string, unknown>) };
        out[k] = r;
      }
    }
    return out ?? v;
  };
  return (value) => (ordered.length ? walk(value, 0) : value);
}

/**
 * The rebaser for admin answers of a server at `origin` (`http://127.0.0.1:4010`): the fakes' own
 * first base URLs (what seed helpers render with) to the server's prefixes of the services it serves.
 */
export function rebaseForServer(fakes: Fakes, services: readonly string[], origin: string): (value: unknown) => unknown {
  const base = (service: 'codeHosting' | 'socialGraph', prefix: string): [string, string] | undefined => {
    const own = fakes[service].baseUrls[0];
    return own && services.includes(service) ? [own, `${origin}${prefix}`] : undefined;
  };
  const codeHosting = base('codeHosting', '/github');
  const socialGraph = base('socialGraph', '/graph');
  return urlRebaser({ ...(codeHosting ? { codeHosting } : {}), ...(socialGraph ? { socialGraph } : {}) });
}
