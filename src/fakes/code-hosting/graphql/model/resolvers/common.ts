import type { ListSource } from '../connections.js';
import { type Resource, restCall } from '../rest-models.js';
import type { Env, TypeResolvers } from '../types.js';
import { type AccountSrc, actorOf, obj, str, viaRest } from './sources.js';

/** Shared field logic: REST lists as connection sources, enums in GitHub's GraphQL spelling, reactions. */

/** The `last` page number of a `Link` header, or undefined. */
function lastPage(link: string | undefined): number | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    if (!/rel="last"/.test(part)) continue;
    const m = /<([^>]+)>/.exec(part);
    if (!m) continue;
    const page = new URL(m[1] as string).searchParams.get('page');
    if (page && /^\d+$/.test(page)) return Number(page);
  }
  return undefined;
}

/**
 * A REST list (`GET` of a collection) as a connection's list: a window is read as the REST pages that
 * cover it (the REST operation's own paging, at most two pages of up to 100), the size from the
 * `Link` header of a one-item page (its `last` page is the count), unless the caller knows it.
 */
export function restList(
  env: Env,
  what: string,
  key: string,
  params: Readonly<Record<string, string>>,
  query: Record<string, string> = {},
  known?: number,
): ListSource<Resource> {
  const page = (perPage: number, n: number) =>
    viaRest(env, what, () => restCall(env, key, params, { query: { ...query, per_page: String(perPage), page: String(n) } }));
  const items = (body: unknown): Resource[] => {
    if (Array.isArray(body)) return body as Resource[];
    // Wrapped lists (`{ total_count, items }`): the array member.
    const list = body && typeof body === 'object' ? Object.values(body as Resource).find(Array.isArray) : undefined;
    return (list as Resource[] | undefined) ?? [];
  };
  let total = known;
  return {
    total() {
      if (total !== undefined) return total;
      const r = page(1, 1);
      const wrapped = r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? (r.body as Resource).total_count : undefined;
      total = typeof wrapped === 'number' ? wrapped : (lastPage(r.headers.link) ?? items(r.body).length);
      return total;
    },
    slice(start, end) {
      const count = end - start;
      if (count <= 0) return [];
      // One page when the window is one (a client paging with a fixed size), else pages of 100.
      if (start % count === 0) return items(page(count, start / count + 1).body).slice(0, count);
      const out: Resource[] = [];
      for (let p = Math.floor(start / 100); p * 100 < end; p++) {
        const got = items(page(100, p + 1).body);
        for (let i = 0; i < got.length; i++) {
          const at = p * 100 + i;
          if (at >= start && at < end) out.push(got[i] as Resource);
        }
        if (got.length < 100) break;
      }
      return out;
    },
  };
}

/** An upper-case GraphQL enum value of a REST value (`not_planned` → `NOT_PLANNED`), or null. */
export function enumOf(v: unknown): string | null {
  return typeof v === 'string' && v ? v.toUpperCase().replace(/[\s-]+/g, '_') : null;
}

/** REST reaction contents → GitHub's `ReactionContent`. */
const REACTIONS: ReadonlyArray<[string, string]> = [
  ['+1', 'THUMBS_UP'],
  ['-1', 'THUMBS_DOWN'],
  ['laugh', 'LAUGH'],
  ['hooray', 'HOORAY'],
  ['confused', 'CONFUSED'],
  ['heart', 'HEART'],
  ['rocket', 'ROCKET'],
  ['eyes', 'EYES'],
];

/** A reaction group: one content's count on a subject. */
export interface ReactionGroupSrc {
  readonly __typename: 'ReactionGroup';
  readonly content: string;
  readonly count: number;
  readonly createdAt: string | null;
  readonly subject: unknown;
}

/** The reaction groups of a subject from its REST `reactions` rollup (every content, zero counts too, as GitHub lists them). */
export function reactionGroups(json: Resource, subject: unknown): ReactionGroupSrc[] {
  const roll = obj(json, 'reactions') ?? {};
  return REACTIONS.map(([rest, content]) => ({
    __typename: 'ReactionGroup',
    content,
    count: typeof roll[rest] === 'number' ? (roll[rest] as number) : 0,
    createdAt: null,
    subject,
  }));
}

/** The count-only connection (`users`, `reactors`) of a reaction group. */
export interface CountSrc {
  readonly __typename: string;
  readonly total: number;
}

/** `ReactionGroup`. */
export const REACTION_GROUP_FIELDS: TypeResolvers<ReactionGroupSrc> = {
  content: (g) => g.content,
  users: (g) => ({ __typename: 'ReactingUserConnection', total: g.count }),
  reactors: (g) => ({ __typename: 'ReactorConnection', total: g.count }),
  viewerHasReacted: () => false,
  subject: (g) => g.subject,
};

/** A connection answered by its count alone (reaction groups): `totalCount`. */
export const COUNT_FIELDS: TypeResolvers<CountSrc> = {
  totalCount: (c) => c.total,
};

/** `author` of a REST object (`user`), as an actor. */
export function authorOf(env: Env, json: Resource): AccountSrc | null {
  return actorOf(env, json.user ?? json.author);
}

/** `authorAssociation` from REST's `author_association`. */
export function associationOf(json: Resource): string {
  return enumOf(json.author_association) ?? 'NONE';
}

/** Whether the caller wrote it. */
export function viewerDidAuthor(env: Env, json: Resource): boolean {
  const login = str(obj(json, 'user') ?? obj(json, 'author'), 'login');
  return login !== null && login.toLowerCase() === env.login.toLowerCase();
}

/** A `GitObjectID`-shaped short id. */
export const abbreviated = (oid: string) => oid.slice(0, 7);

/** An `HTML` scalar of plain text (escaped; paragraphs as GitHub renders simple Markdown). */
export function html(text: string | null): string {
  if (!text) return '';
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return esc
    .split(/\n{2,}/)
    .map((p) => `<p dir="auto">${p.replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
}
