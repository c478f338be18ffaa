import type { Resource } from '../core/catalog/state.js';
import { type Table, emptyTable } from '../../../store/table.js';

/**
 * The activity events the fake saw (GitHub's Events API: `PushEvent`, `IssuesEvent`, ...), each stored
 * once and listed in the timelines it belongs to. A timeline keeps GitHub's 300 newest events (older
 * ones fall off it, and an event no timeline holds any more is dropped).
 */

/** One event as stored: rendered to GitHub's `event` shape when listed. */
export interface EventRecord {
  /** GitHub's event id (a numeric string). */
  id: string;
  /** `PushEvent`, `IssuesEvent`, ... */
  type: string;
  /** The login that acted. */
  actor: string;
  /** The repository (its id and `owner/name` when the event happened). */
  repoId: number;
  repoName: string;
  /** The owning organization's login (repositories of organizations). */
  org: string | null;
  /** False for events of private repositories. */
  public: boolean;
  /** ISO instant (fake clock). */
  created_at: string;
  /**
   * The payload as the write saw it: objects in their answer's form (an issue, a comment, a release),
   * completed to GitHub's shapes by the renderer when listed.
   */
  payload: Resource;
  /** The API base URL of the write (the URLs inside `payload` start with it). */
  base: string;
  /** How many timelines hold it (it goes when none does). */
  held: number;
}

/** The events slice. */
export interface EventSlice {
  /** Event id → event. */
  records: Table<EventRecord>;
  /** Timeline name (see {@link timeline}) → event ids, newest first, at most {@link TIMELINE_MAX}. */
  timelines: Table<string[]>;
}

/** GitHub keeps the 300 newest events of a timeline. */
export const TIMELINE_MAX = 300;

/** GitHub lists events of the last 90 days only. */
export const TIMELINE_DAYS = 90;

const low = (s: string) => s.toLowerCase();

/** Timeline names. */
export const timeline = {
  /** Every event of a repository (`GET /repos/{owner}/{repo}/events`). */
  repo: (repoId: number) => `repo:${repoId}`,
  /** Public events of a fork network (`GET /networks/{owner}/{repo}/events`), by the network's root repository. */
  network: (rootId: number) => `network:${rootId}`,
  /** Everything a user did (their own view of `GET /users/{username}/events`). */
  actor: (login: string) => `actor:${low(login)}`,
  /** A user's public events. */
  actorPublic: (login: string) => `actor-public:${low(login)}`,
  /** Every event of an organization's repositories (`GET /users/{username}/events/orgs/{org}`). */
  org: (login: string) => `org:${low(login)}`,
  /** An organization's public events (`GET /orgs/{org}/events`). */
  orgPublic: (login: string) => `org-public:${low(login)}`,
  /** What a user receives: events of accounts they follow and of repositories they own. */
  received: (login: string) => `received:${low(login)}`,
  /** The public part of {@link timeline.received}. */
  receivedPublic: (login: string) => `received-public:${low(login)}`,
  /** Every public event (`GET /events`). */
  everything: () => 'public',
} as const;

/** No events. */
export function initialEventSlice(): EventSlice {
  return { records: emptyTable(), timelines: emptyTable() };
}
