import type { Draft } from 'immer';
import { toEpochMs } from '../../../store/clock.js';
import { nextId } from '../../../store/ids.js';
import type { ServiceHost } from '../../service.js';
import { toReal } from '../aliases.js';
import type { SocialGraphOptions } from '../options.js';
import {
  ConversationSeedSchema,
  EdgeNodeSeedSchema,
  InsightSeedSchema,
  PhotoSeedSchema,
  RatingSeedSchema,
  RoleSeedSchema,
  SettingSeedSchema,
  TabSeedSchema,
  VideoSeedSchema,
  parseSeed,
} from '../schemas/edge-seeds.js';
import { MESSAGE_ROW, PAGE_EDGE_TABLE, type PageEdgeRow } from '../schemas/page-edge-table.js';
import type { SocialGraphState } from '../state.js';
import { addEdgeNode } from './edge-nodes.js';
import { type IdList, appendId, chunkedLength } from './id-list.js';
import { draftPage, edgeList } from './pages.js';
import { starsOf } from './page-field-table.js';
import { tableGet, tableSet } from '../../../store/table.js';
import { ensureUser } from './users.js';
import { graphTime } from './fields.js';
import { PAGE_TASKS } from './tokens.js';
import type { z } from 'zod';
import { closest } from '../../../util/suggest.js';

type Host = ServiceHost<SocialGraphState, SocialGraphOptions>;

/** Seed helpers for the Page edges of the edge table (`fakes.socialGraph.seed.*`). */
export interface EdgeSeeds {
  /** Any node on a Page edge the table serves (albums, tabs, live_videos, canvases, likes, ...) → `{ id }`. */
  edgeNode(seed: z.input<typeof EdgeNodeSeedSchema>): { id: string };
  /** A photo on the Page's `photos` edge (also a valid `cover`) → `{ id }`. */
  photo(seed: z.input<typeof PhotoSeedSchema>): { id: string };
  /** A video on `videos` (or `live_videos` with `live: true`) → `{ id }`. */
  video(seed: z.input<typeof VideoSeedSchema>): { id: string };
  /** A rating (recommendation) on `ratings`; the reviewer is user information → `{ id }`. */
  rating(seed: z.input<typeof RatingSeedSchema>): { id: string };
  /** A conversation with its messages on `conversations` → `{ id }` (`t_<n>`). */
  conversation(seed: z.input<typeof ConversationSeedSchema>): { id: string };
  /** One insights metric for one period with its values → `{ id }` (`<page>/insights/<metric>/<period>`). */
  insight(seed: z.input<typeof InsightSeedSchema>): { id: string };
  /** A person with tasks on the Page (`roles`) → `{ id }` (the user id). */
  role(seed: z.input<typeof RoleSeedSchema>): { id: string };
  /** A Page tab on `tabs` → `{ id }` (`<page>/tabs/<slug>`). */
  tab(seed: z.input<typeof TabSeedSchema>): { id: string };
  /** A Page setting on `settings` → `{ id }`. */
  setting(seed: z.input<typeof SettingSeedSchema>): { id: string };
}

function needPage(d: Draft<SocialGraphState>, helper: string, pageId: string): void {
  if (!draftPage(d, pageId)) throw new TypeError(`stuntdouble: ${helper}: no Page ${pageId}; seed it with seed.page first`);
}

function rowOf(edge: string): PageEdgeRow {
  return PAGE_EDGE_TABLE[edge] as PageEdgeRow;
}

function newUser(d: Draft<SocialGraphState>, name?: string): string {
  return ensureUser(d, String(nextId(d.counters, 'user', 500_000_000_000_000)), name);
}

function profile(d: Draft<SocialGraphState>, id: string): { name: string; id: string } {
  const page = draftPage(d, id);
  if (page) return { name: String(page.fields.name), id };
  return { name: tableGet(d.users, id)?.name ?? `User ${id}`, id };
}

/** Builds the edge seed helpers over a host. */
export function edgeSeeds(host: Host): EdgeSeeds {
  const now = () => host.clock.nowMs();
  const at = (t: string | Date | number | undefined) => graphTime(t === undefined ? now() : toEpochMs(t));
  return {
    edgeNode: (input) => {
      const s = parseSeed('seed.edgeNode', EdgeNodeSeedSchema, input);
      const edge = toReal(s.edge);
      const row = Object.hasOwn(PAGE_EDGE_TABLE, edge) ? PAGE_EDGE_TABLE[edge] : undefined;
      if (!row || (row.kind !== 'objects' && row.kind !== 'pages')) {
        const seedable = Object.values(PAGE_EDGE_TABLE)
          .filter((r) => r.kind === 'objects' || r.kind === 'pages')
          .map((r) => r.edge);
        const hint = row ? `the ${edge} edge has its own helper or is written through the API` : `did you mean '${closest(edge, seedable)}'?`;
        throw new TypeError(`stuntdouble: seed.edgeNode: cannot seed edge '${s.edge}': ${hint}`);
      }
      const unknown = Object.keys(s.fields ?? {}).filter((f) => !row.fields.includes(f));
      if (row.kind === 'objects' && unknown.length > 0) {
        const f = unknown[0] as string;
        throw new TypeError(`stuntdouble: seed.edgeNode: ${row.nodeType} has no field '${f}'; did you mean '${closest(f, row.fields)}'?`);
      }
      return host.update((d) => {
        needPage(d, 'seed.edgeNode', s.pageId);
        return { id: addEdgeNode(d, s.pageId, row, { ...(s.fields ?? {}) }, s.id) };
      });
    },
    photo: (input) => {
      const s = parseSeed('seed.photo', PhotoSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.photo', s.pageId);
        const fields: Record<string, unknown> = { created_time: at(s.createdTime), from: profile(d, s.pageId), ...(s.fields ?? {}) };
        if (s.name !== undefined) fields.name = s.name;
        const id = addEdgeNode(d, s.pageId, rowOf('photos'), fields);
        fields.link = `https://www.facebook.com/photo.php?fbid=${id}`;
        return { id };
      });
    },
    video: (input) => {
      const s = parseSeed('seed.video', VideoSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.video', s.pageId);
        const t = at(s.createdTime);
        const fields: Record<string, unknown> = { created_time: t, updated_time: t, from: profile(d, s.pageId), ...(s.fields ?? {}) };
        if (s.title !== undefined) fields.title = s.title;
        if (s.description !== undefined) fields.description = s.description;
        if (s.live) {
          fields.status ??= 'LIVE';
          fields.creation_time ??= t;
          fields.stream_url ??= 'rtmps://live-api-s.facebook.com:443/rtmp/';
          fields.secure_stream_url ??= fields.stream_url;
          fields.embed_html ??= '<iframe></iframe>';
        }
        const id = addEdgeNode(d, s.pageId, rowOf(s.live ? 'live_videos' : 'videos'), fields);
        fields.permalink_url ??= `/${s.pageId}/videos/${id}/`;
        if (s.live)
          fields.embed_html = `<iframe src="https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2F${s.pageId}%2Fvideos%2F${id}%2F"></iframe>`;
        return { id };
      });
    },
    rating: (input) => {
      const s = parseSeed('seed.rating', RatingSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.rating', s.pageId);
        const reviewer = s.reviewerId ?? newUser(d);
        ensureUser(d, reviewer);
        const fields: Record<string, unknown> = {
          created_time: at(s.createdTime),
          recommendation_type: s.recommendationType ?? 'positive',
          reviewer: profile(d, reviewer),
          has_review: s.reviewText !== undefined,
          has_rating: s.rating !== undefined,
        };
        if (s.reviewText !== undefined) fields.review_text = s.reviewText;
        if (s.rating !== undefined) fields.rating = s.rating;
        const id = addEdgeNode(d, s.pageId, rowOf('ratings'), fields);
        const page = draftPage(d, s.pageId);
        if (page) {
          page.fields.rating_count = Number(page.fields.rating_count ?? 0) + 1;
          const stars = starsOf(fields);
          if (stars !== undefined) page.ratings = { count: (page.ratings?.count ?? 0) + 1, sum: (page.ratings?.sum ?? 0) + stars };
        }
        return { id };
      });
    },
    conversation: (input) => {
      const s = parseSeed('seed.conversation', ConversationSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.conversation', s.pageId);
        const user = s.userId ?? newUser(d);
        ensureUser(d, user);
        const n = nextId(d.counters, 'thread', 1_000_000);
        const tid = `t_${n}`;
        const msgs = (s.messages ?? []).map((m) => {
          if (m.from !== 'page' && m.from !== user) throw new TypeError(`stuntdouble: seed.conversation: message from '${m.from}': use 'page' or '${user}'`);
          const mid = `m_${nextId(d.counters, 'message', 1_000_000)}`;
          return { id: mid, message: m.message, created_time: at(m.createdTime), from: profile(d, m.from === 'page' ? s.pageId : user) };
        });
        const last = msgs[msgs.length - 1];
        const participants = [profile(d, user), profile(d, s.pageId)];
        // Each message is a node of its own (`/{message-id}`, `/{conversation-id}/messages`), listed in order sent.
        for (const m of msgs) {
          const { id: mid, ...fields } = m;
          const to = participants.filter((p) => p.id !== m.from.id);
          tableSet(d.objects, mid, { id: mid, type: MESSAGE_ROW.nodeType, ownerId: s.pageId, fields: { ...fields, to: { data: to } } });
          appendId(edgeList(d, tid, MESSAGE_ROW.edge), mid);
        }
        addEdgeNode(
          d,
          s.pageId,
          rowOf('conversations'),
          {
            updated_time: last?.created_time ?? at(undefined),
            link: `/${s.pageId}/inbox/${n}/`,
            message_count: msgs.length,
            unread_count: 0,
            can_reply: true,
            is_subscribed: true,
            participants: { data: participants },
            senders: { data: participants },
            snippet: last?.message ?? '',
            // Graph lists a conversation's messages newest first.
            messages: { data: [...msgs].reverse() },
          },
          tid,
        );
        return { id: tid };
      });
    },
    insight: (input) => {
      const s = parseSeed('seed.insight', InsightSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.insight', s.pageId);
        const id = `${s.pageId}/insights/${s.metric}/${s.period}`;
        const fields = {
          name: s.metric,
          period: s.period,
          values: s.values.map((v) => ({ value: v.value, end_time: at(v.endTime) })),
          title: s.title ?? s.metric.replace(/_/g, ' '),
          description: s.description ?? `${s.period}: ${s.metric.replace(/_/g, ' ')}`,
        };
        const existing = tableGet(d.objects, id);
        if (existing) existing.fields = fields;
        else addEdgeNode(d, s.pageId, rowOf('insights'), fields, id);
        return { id };
      });
    },
    role: (input) => {
      const s = parseSeed('seed.role', RoleSeedSchema, input);
      const tasks = s.tasks.map(toReal);
      const bad = tasks.find((t) => !(PAGE_TASKS as readonly string[]).includes(t));
      if (bad) throw new TypeError(`stuntdouble: seed.role: unknown task '${bad}'; did you mean '${closest(bad, PAGE_TASKS)}'?`);
      return host.update((d) => {
        needPage(d, 'seed.role', s.pageId);
        const uid = s.userId ?? newUser(d, s.name);
        ensureUser(d, uid, s.name);
        const name = tableGet(d.users, uid)?.name ?? `User ${uid}`;
        const role = tasks.includes('MANAGE') ? 'Admin' : tasks.includes('CREATE_CONTENT') ? 'Editor' : tasks.includes('MODERATE') ? 'Moderator' : 'Analyst';
        // Keyed per Page: the same person may hold roles on several Pages (the row's id is the user id).
        const key = `${s.pageId}/roles/${uid}`;
        const fields = { name, tasks, role, perms: tasks };
        const existing = tableGet(d.objects, key);
        if (existing) existing.fields = fields;
        else {
          tableSet(d.objects, key, { id: uid, type: rowOf('roles').nodeType, ownerId: s.pageId, fields });
          appendId(edgeList(d, s.pageId, 'roles'), key);
        }
        return { id: uid };
      });
    },
    tab: (input) => {
      const s = parseSeed('seed.tab', TabSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.tab', s.pageId);
        const slug = s.slug ?? s.name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
        const id = `${s.pageId}/tabs/${slug}`;
        const count = chunkedLength(tableGet(d.edges, s.pageId)?.tabs as IdList | undefined);
        addEdgeNode(
          d,
          s.pageId,
          rowOf('tabs'),
          {
            name: s.name,
            link: `/${s.pageId}/${slug}/`,
            is_permanent: s.isPermanent ?? false,
            position: s.position ?? count + 1,
            is_non_connection_landing_tab: false,
          },
          id,
        );
        return { id };
      });
    },
    setting: (input) => {
      const s = parseSeed('seed.setting', SettingSeedSchema, input);
      return host.update((d) => {
        needPage(d, 'seed.setting', s.pageId);
        return { id: addEdgeNode(d, s.pageId, rowOf('settings'), { setting: s.setting, value: s.value }) };
      });
    },
  };
}
