/**
 * A router over path templates, as a segment trie (lookup cost grows with path depth, not with
 * the number of routes). Template syntax:
 * - `{name}` one segment: `/repos/{owner}/{repo}/import`
 * - affixes inside a segment: `/act_{ad_account_id}/customaudiences`
 * - Google resource patterns spanning segments: `/v1/{name=projects/* /locations/* /cachedContents/*}` (without the spaces)
 * - `{+name}` the rest of the path, slashes included: `/repos/{owner}/{repo}/contents/{+path}`
 * Literal segments win over parameters; parameter values are percent-decoded.
 */

type Edge<R> =
  | { kind: 'param'; name: string; prefix: string; suffix: string; node: Node<R> }
  | { kind: 'multi'; name: string; pattern: string[]; node: Node<R> }
  | { kind: 'greedy'; name: string; node: Node<R> };

interface Node<R> {
  literal: Map<string, Node<R>>;
  edges: Edge<R>[];
  /** Per method: the route, and the names of its own parameters (an edge shared by several templates carries all their names). */
  routes: Map<string, { template: string; value: R; names: readonly string[] }>;
}

/** A successful lookup. */
export interface RouteMatch<R> {
  value: R;
  method: string;
  template: string;
  params: Record<string, string>;
}

/** The result of {@link Router.match}: a match, or why there was none. */
export type MatchResult<R> =
  | { kind: 'match'; match: RouteMatch<R> }
  | { kind: 'method-not-allowed'; template: string; allowed: string[]; params: Record<string, string> }
  | { kind: 'not-found' };

const newNode = <R>(): Node<R> => ({ literal: new Map(), edges: [], routes: new Map() });

/** A template's (or a path's) segments: split on `/` but not inside `{...=...}`; a trailing `/` adds none. */
export function splitTemplate(template: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of template.replace(/^\/+/, '')) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === '/' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur !== '' || out.length > 0) out.push(cur);
  return out.filter((s, i, a) => s !== '' || i < a.length - 1);
}

/**
 * A string without leading and trailing slashes, in linear time. (`/\/+$/` backtracks: on a path of
 * 50,000 slashes it tries every start position and took seconds.)
 */
export function trimSlashes(s: string, where: 'both' | 'end' = 'both'): string {
  let start = 0;
  let end = s.length;
  if (where === 'both') while (start < end && s.charCodeAt(start) === 47) start++;
  while (end > start && s.charCodeAt(end - 1) === 47) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Splits a concrete path into decoded segments; `null` when a segment is not valid percent-encoding. */
export function splitPath(rawPath: string): string[] | null {
  const trimmed = trimSlashes(rawPath);
  if (trimmed === '') return [];
  const out: string[] = [];
  for (const s of trimmed.split('/')) {
    try {
      out.push(decodeURIComponent(s));
    } catch {
      return null;
    }
  }
  return out;
}

function edgeKey<R>(e: Edge<R>): string {
  if (e.kind === 'param') return `p:${e.prefix}:${e.suffix}`;
  if (e.kind === 'multi') return `m:${e.pattern.join('/')}`;
  return 'g';
}

/** Path-template router; `R` is whatever the caller stores per route (a handler, a catalog row). */
export class Router<R> {
  readonly #root: Node<R> = newNode();
  readonly #all: Array<{ method: string; template: string }> = [];
  // Lookups repeat (a test polls the same URL): remember the last few hundred answers. Routes only
  // ever get added, and add() clears it.
  readonly #cache = new Map<string, MatchResult<R>>();

  /** Registers a route; throws when the same method and template shape is registered twice. */
  add(method: string, template: string, value: R): this {
    let node = this.#root;
    const names: string[] = [];
    for (const seg of splitTemplate(template)) {
      const multi = /^\{([A-Za-z_][\w.]*)=([^}]+)\}$/.exec(seg);
      const greedy = /^\{\+([A-Za-z_][\w.]*)\}$/.exec(seg);
      const param = /^([^{}]*)\{([A-Za-z_][\w.]*)\}([^{}]*)$/.exec(seg);
      let edge: Edge<R> | undefined;
      if (multi) edge = { kind: 'multi', name: multi[1] as string, pattern: (multi[2] as string).split('/'), node: newNode() };
      else if (greedy) edge = { kind: 'greedy', name: greedy[1] as string, node: newNode() };
      else if (param) edge = { kind: 'param', name: param[2] as string, prefix: param[1] as string, suffix: param[3] as string, node: newNode() };
      if (!edge) {
        let next = node.literal.get(seg);
        if (!next) {
          next = newNode();
          node.literal.set(seg, next);
        }
        node = next;
        continue;
      }
      names.push(edge.name);
      const key = edgeKey(edge);
      const existing = node.edges.find((e) => edgeKey(e) === key);
      if (existing) {
        if (existing.name !== edge.name) (existing as { aliases?: string[] }).aliases = [...((existing as { aliases?: string[] }).aliases ?? []), edge.name];
        node = existing.node;
      } else {
        node.edges.push(edge);
        // More specific edges first: affixed params, then multi-segment patterns, plain params, greedy last.
        node.edges.sort((a, b) => rank(a) - rank(b));
        node = edge.node;
      }
    }
    const m = method.toUpperCase();
    if (node.routes.has(m)) throw new Error(`stuntdouble: route registered twice: ${m} ${template}`);
    this.#cache.clear();
    node.routes.set(m, { template, value, names });
    this.#all.push({ method: m, template });
    return this;
  }

  /**
   * Removes a route (custom routes only: `fakes.route()` hands back a remover). Leaves the trie's
   * nodes in place; only the method entry goes.
   */
  remove(method: string, template: string): boolean {
    const m = method.toUpperCase();
    const i = this.#all.findIndex((r) => r.method === m && r.template === template);
    if (i < 0) return false;
    this.#all.splice(i, 1);
    const visit = (node: Node<R>): boolean => {
      const r = node.routes.get(m);
      if (r && r.template === template) {
        node.routes.delete(m);
        return true;
      }
      for (const child of node.literal.values()) if (visit(child)) return true;
      for (const e of node.edges) if (visit(e.node)) return true;
      return false;
    };
    visit(this.#root);
    this.#cache.clear();
    return true;
  }

  /** Every registered `{ method, template }`. */
  routes(): ReadonlyArray<{ method: string; template: string }> {
    return this.#all;
  }

  /** Finds the route for a method and a raw path. */
  match(method: string, rawPath: string): MatchResult<R> {
    const key = `${method} ${rawPath}`;
    let found = this.#cache.get(key);
    if (!found) {
      found = this.#match(method, rawPath);
      if (this.#cache.size >= 512) this.#cache.clear();
      this.#cache.set(key, found);
    }
    // Callers own the params they get: hand out a copy, never the cached object.
    if (found.kind === 'match') return { kind: 'match', match: { ...found.match, params: { ...found.match.params } } };
    if (found.kind === 'method-not-allowed') return { ...found, allowed: [...found.allowed], params: { ...found.params } };
    return found;
  }

  #match(method: string, rawPath: string): MatchResult<R> {
    const segs = splitPath(rawPath);
    if (!segs) return { kind: 'not-found' };
    const m = method.toUpperCase();
    let fallback: { node: Node<R>; params: Record<string, string> } | undefined;
    const found = this.#walk(this.#root, segs, 0, {}, m, (node, params) => {
      fallback ??= { node, params };
    });
    if (found) {
      const r = found.node.routes.get(m) ?? (m === 'HEAD' ? found.node.routes.get('GET') : undefined);
      if (r) return { kind: 'match', match: { value: r.value, method: m, template: r.template, params: own(found.params, r.names) } };
    }
    if (fallback) {
      const first = fallback.node.routes.values().next().value;
      return {
        kind: 'method-not-allowed',
        template: first?.template ?? '',
        allowed: [...fallback.node.routes.keys()],
        params: first ? own(fallback.params, first.names) : fallback.params,
      };
    }
    return { kind: 'not-found' };
  }

  #walk(
    node: Node<R>,
    segs: string[],
    i: number,
    params: Record<string, string>,
    method: string,
    onPathOnly: (node: Node<R>, params: Record<string, string>) => void,
  ): { node: Node<R>; params: Record<string, string> } | undefined {
    if (i === segs.length) {
      if (node.routes.has(method) || (method === 'HEAD' && node.routes.has('GET'))) return { node, params };
      if (node.routes.size > 0) onPathOnly(node, params);
      return undefined;
    }
    const seg = segs[i] as string;
    const lit = node.literal.get(seg);
    if (lit) {
      const r = this.#walk(lit, segs, i + 1, params, method, onPathOnly);
      if (r) return r;
    }
    for (const e of node.edges) {
      if (e.kind === 'param') {
        if (seg.length <= e.prefix.length + e.suffix.length) continue;
        if (!seg.startsWith(e.prefix) || !seg.endsWith(e.suffix)) continue;
        const value = seg.slice(e.prefix.length, seg.length - e.suffix.length);
        const r = this.#walk(e.node, segs, i + 1, withParam(e, params, value), method, onPathOnly);
        if (r) return r;
      } else if (e.kind === 'multi') {
        const n = e.pattern.length;
        if (i + n > segs.length) continue;
        let ok = true;
        for (let k = 0; k < n; k++) {
          const p = e.pattern[k] as string;
          const s = segs[i + k] as string;
          if (s === '' || (p !== '*' && p !== s)) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        const r = this.#walk(e.node, segs, i + n, withParam(e, params, segs.slice(i, i + n).join('/')), method, onPathOnly);
        if (r) return r;
      } else {
        const rest = segs.slice(i).join('/');
        if (rest === '') continue;
        const r = this.#walk(e.node, segs, segs.length, withParam(e, params, rest), method, onPathOnly);
        if (r) return r;
      }
    }
    return undefined;
  }

  /** Up to `n` registered routes that look most like a method and path, for "did you mean" messages. */
  closest(method: string, rawPath: string, n = 3): string[] {
    const segs = splitPath(rawPath) ?? [];
    const scored = this.#all.map((r) => {
      const t = splitTemplate(r.template);
      let score = 0;
      for (let k = 0; k < Math.min(t.length, segs.length); k++) {
        const ts = t[k] as string;
        if (ts === segs[k]) score += 3;
        else if (ts.includes('{')) score += 1;
        else break;
      }
      score -= Math.abs(t.length - segs.length);
      if (r.method === method.toUpperCase()) score += 1;
      return { key: `${r.method} ${r.template}`, score };
    });
    scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
    return scored.slice(0, n).map((s) => s.key);
  }
}

function rank<R>(e: Edge<R>): number {
  if (e.kind === 'param') return e.prefix || e.suffix ? 0 : 2;
  if (e.kind === 'multi') return 1;
  return 3;
}

/**
 * The parameters a route's own template names. The walk records a value under every name its shared
 * edge carries (`/repos/{owner}/...` and `/repos/{template_owner}/...` share one): a route sees only its own.
 */
function own(params: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (Object.hasOwn(params, n)) out[n] = params[n] as string;
  return out;
}

function withParam<R>(e: Edge<R>, params: Record<string, string>, value: string): Record<string, string> {
  const out = { ...params, [e.name]: value };
  for (const alias of (e as { aliases?: string[] }).aliases ?? []) out[alias] = value;
  return out;
}
