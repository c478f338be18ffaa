import type { Oracle } from './oracle.js';

// The "documented properties present" measure: of the properties GitHub's description documents for a
// 2xx answer (recursively: nested objects, array items, allOf members merged, the best-fitting oneOf or
// anyOf alternative), how many the answer carries. A schema-valid answer can still omit every optional
// property; this counts them.

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is untyped JSON.
type Json = any;

/** Documented properties counted in one answer, and the paths of the absent ones. */
export interface Presence {
  documented: number;
  present: number;
  absent: string[];
  /** The paths of the present ones. */
  seen: string[];
}

/**
 * One row's presence over several answers (the row asked in each state the walker drives its object
 * into): a documented property counts as present when any answer carries it.
 */
export function mergePresence(all: readonly Presence[]): Presence {
  const seen = new Set(all.flatMap((p) => p.seen));
  const absent = new Set(all.flatMap((p) => p.absent).filter((k) => !seen.has(k)));
  return { documented: seen.size + absent.size, present: seen.size, absent: [...absent], seen: [...seen] };
}

/** How deep the walk goes (embeddings of embeddings: a pull's head repository's owner is depth 3). */
const MAX_DEPTH = 6;
/** Items of a list checked (every item has the same schema). */
const MAX_ITEMS = 3;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isEmptyObject = (s: Json): boolean => s?.type === 'object' && isObject(s.properties) && Object.keys(s.properties).length === 0;

/** A schema with its `$ref` resolved and its `allOf` members merged into one object schema. */
function flatten(o: Oracle, s0: Json, seen = 0): Json {
  const s = o.deref(s0);
  if (!s?.allOf || seen > 8) return s;
  const props: Record<string, Json> = { ...(s.properties ?? {}) };
  let alternatives: Json[] | undefined = s.oneOf ?? s.anyOf;
  for (const m of s.allOf) {
    const f = flatten(o, m, seen + 1);
    Object.assign(props, f?.properties ?? {});
    alternatives ??= f?.oneOf ?? f?.anyOf;
  }
  return { ...s, allOf: undefined, properties: props, ...(alternatives ? { oneOf: alternatives } : {}) };
}

/** Whether a documented property of an answer's object is left out of the count (sent only in some answers). */
export type Skip = (object: Record<string, unknown>, key: string) => boolean;

function walk(o: Oracle, s0: Json, data: unknown, path: string, depth: number, out: Presence, skip: Skip): void {
  if (depth > MAX_DEPTH || data === null || data === undefined) return;
  const s = flatten(o, s0);
  if (!s) return;
  const alternatives: Json[] | undefined = s.oneOf ?? s.anyOf;
  if (alternatives && !s.properties) {
    // The alternative the answer fits best (the most of its properties present), counted alone.
    // An empty answer fits an empty-object alternative (GitHub's `{}` where nothing is set) entirely.
    if (isObject(data) && Object.keys(data).length === 0 && alternatives.some((a) => isEmptyObject(flatten(o, a)))) return;
    let best: Presence | undefined;
    for (const a of alternatives) {
      const p: Presence = { documented: 0, present: 0, absent: [], seen: [] };
      walk(o, a, data, path, depth, p, skip);
      if (p.documented > 0 && (!best || p.present / p.documented > best.present / best.documented)) best = p;
    }
    if (best) {
      out.documented += best.documented;
      out.present += best.present;
      out.absent.push(...best.absent);
      out.seen.push(...best.seen);
    }
    return;
  }
  if (Array.isArray(data)) {
    if (s.items) for (const item of data.slice(0, MAX_ITEMS)) walk(o, s.items, item, `${path}[]`, depth + 1, out, skip);
    return;
  }
  if (!isObject(data) || !s.properties) return;
  for (const [k, ps] of Object.entries(s.properties as Record<string, Json>)) {
    if (!(k in data) && skip(data, k)) continue;
    out.documented++;
    if (!(k in data)) {
      out.absent.push(`${path}.${k}`);
      continue;
    }
    out.present++;
    out.seen.push(`${path}.${k}`);
    walk(o, ps, data[k], `${path}.${k}`, depth + 1, out, skip);
  }
}

/** The documented properties of `schema` that `data` carries (recursively), but those `skip` names. */
export function presence(o: Oracle, schema: Json, data: unknown, skip: Skip = () => false): Presence {
  const out: Presence = { documented: 0, present: 0, absent: [], seen: [] };
  walk(o, schema, data, '', 0, out, skip);
  return out;
}

/**
 * Documented properties GitHub sends only in some answers, by the kind of object (named by the
 * properties every object of that kind has, space-separated), each with the reason. GitHub's own
 * recorded answers (@octokit/fixtures), or the example answers of its description, show objects of that
 * kind without the property: the conformance test checks that for every entry.
 */
export const SENT_IN_SOME_ANSWERS: ReadonlyArray<{ kind: string /** One or more properties, space-separated. */; key: string; reason: string }> = [
  { kind: 'gravatar_id', key: 'starred_at', reason: 'an account: only in stargazer lists asked with application/vnd.github.star+json' },
  { kind: 'gravatar_id', key: 'name', reason: 'an embedded account: its name only on the account’s own profile' },
  { kind: 'gravatar_id', key: 'email', reason: 'an embedded account: its public email only on the account’s own profile' },
  { kind: 'forks_url', key: 'starred_at', reason: 'a repository: only in starred lists asked with application/vnd.github.star+json' },
  { kind: 'forks_url', key: 'master_branch', reason: 'a repository: a legacy field GitHub no longer sends' },
  { kind: 'forks_url', key: 'temp_clone_token', reason: 'a repository: only on GET /repos/{owner}/{repo} for a caller who can push' },
  { kind: 'forks_url', key: 'template_repository', reason: 'a repository: only on a repository generated from a template' },
  { kind: 'forks_url', key: 'parent', reason: 'a repository: only on a fork' },
  { kind: 'forks_url', key: 'source', reason: 'a repository: only on a fork' },
  { kind: 'forks_url', key: 'code_of_conduct', reason: 'a repository: only where a code of conduct is detected' },
  { kind: 'forks_url', key: 'security_and_analysis', reason: 'a repository: only for its admins, with security features to show' },
  { kind: 'forks_url', key: 'custom_properties', reason: 'a repository: only where the organization defines custom properties' },
  { kind: 'forks_url', key: 'anonymous_access_enabled', reason: 'a repository: only where anonymous Git access is configurable (GHES)' },
  { kind: 'forks_url', key: 'code_search_index_status', reason: 'a repository: only on code search answers' },
  {
    kind: 'sha commit parents',
    key: 'stats files',
    reason: 'a commit: its stats and changed files only on the commit itself (GET /commits/{ref}), not as a branch’s head or in lists',
  },
  {
    kind: 'enabled required_status_checks',
    key: 'url protection_url name enforce_admins required_pull_request_reviews restrictions required_signatures required_linear_history allow_force_pushes allow_deletions block_creations required_conversation_resolution lock_branch allow_fork_syncing',
    reason: 'a branch’s protection summary (branch lists, a branch): whether it is on and its status checks; the settings only on GET .../protection',
  },
  {
    kind: 'enforcement_level contexts',
    key: 'url strict contexts_url',
    reason: 'the status checks of a branch’s protection summary: their level and names; the rest only on GET .../protection',
  },
  {
    kind: 'enforce_admins required_linear_history',
    key: 'enabled name protection_url',
    reason: 'a branch’s protection (GET .../protection): the settings; whether it is on, and the branch’s name and link, only in its summary',
  },
  { kind: 'token expires_at', key: 'permissions', reason: 'a token: a runner registration or removal token is only its value and expiry' },
  { kind: 'package_html_url', key: 'deleted_at', reason: 'a package version: only once deleted' },
  { kind: 'package_type', key: 'container docker', reason: 'a package version’s metadata: the tags of a container or Docker image only' },
  { kind: 'badge_url state', key: 'deleted_at', reason: 'a workflow: only once its file is deleted' },
  { kind: 'download_url git_url', key: 'submodule_git_url', reason: 'a content entry: only for a submodule' },
  { kind: 'analysis_key environment', key: 'html_url', reason: 'a code scanning alert instance: no page of its own in GitHub’s answers' },
  {
    kind: 'event actor commit_id',
    key: 'label requested_team dismissed_review milestone project_card rename',
    reason: 'an issue event: each only on the events of its kind (labeled, review_requested, review_dismissed, milestoned, the project events, renamed)',
  },
  {
    kind: 'secret_scanning_push_protection secret_scanning',
    key: 'secret_scanning_delegated_bypass_options',
    reason: 'a code security configuration: only where delegated bypass of push protection is enabled',
  },
  { kind: 'budgets', key: 'effective_budget', reason: 'a list of budgets: the budget in effect only where one applies (asked for a user)' },
  { kind: 'slug privacy', key: 'permissions', reason: 'a team: its permissions on a repository only in the repository’s list of teams' },
  { kind: 'body', key: 'body_html', reason: 'a text with a body: only asked with the html or full media type' },
  { kind: 'body', key: 'body_text', reason: 'a text with a body: only asked with the text or full media type' },
];

/** Whether an object is of an entry's kind (has every property that names the kind). */
export const ofKind = (kind: string, object: object): boolean => kind.split(' ').every((k) => k in object);

/** Whether `SENT_IN_SOME_ANSWERS` leaves a property of an object out of the count. */
export const sentInSomeAnswers: Skip = (object, key) => SENT_IN_SOME_ANSWERS.some((e) => e.key.split(' ').includes(key) && ofKind(e.kind, object));
