import type { CodeHostingState, Resource, Table } from './rest-models.js';

/**
 * `node(id:)` finds whatever REST hands out as `node_id`. REST builds node ids three ways:
 * - legacy ids, base64 of `0<length>:<Type><id>` (`MDQ6VXNlcjE=` = `04:User1`): accounts and repositories;
 * - base64 of `<Type>:<repository id>:<value>` (git objects, refs, releases, ...);
 * - ids stored on catalog records (`I_kwDO…` issues, `PR_kwDO…` pulls, `IC_kwDO…` comments, `CR_…`
 *   labels, ...): found through an index from node id to the record's key.
 * The index is kept per fakes instance and updated from the difference between the state it was built
 * on and the current one: the records table shares every bucket a change did not touch, so an update
 * visits only the buckets a change copied (a full build happens once, on the first lookup).
 */

/** What a node id names. */
export type NodeRef =
  | { kind: 'legacy'; type: string; id: number }
  | { kind: 'scoped'; type: string; repoId: number; value: string }
  | { kind: 'record'; key: string };

const LEGACY = /^0(\d+):([A-Za-z]+?)(\d+)$/;
const SCOPED = /^([A-Za-z]+):(\d+):(.+)$/s;

function decodeBase64(id: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+=*$/.test(id)) return undefined;
  return Buffer.from(id, 'base64').toString('utf8');
}

/** Decodes the node ids REST computes from an object's identity (legacy and repository-scoped ones). */
export function decodeNodeId(id: string): NodeRef | undefined {
  const text = decodeBase64(id);
  if (text === undefined) return undefined;
  const legacy = LEGACY.exec(text);
  if (legacy) {
    const [, len, type, num] = legacy as unknown as [string, string, string, string];
    // The length prefix counts the type name: `04:User1`, `010:Repository7`.
    if (Number(len) === type.length) return { kind: 'legacy', type, id: Number(num) };
  }
  const scoped = SCOPED.exec(text);
  if (scoped) {
    const [, type, repoId, value] = scoped as unknown as [string, string, string, string];
    return { kind: 'scoped', type, repoId: Number(repoId), value };
  }
  return undefined;
}

type Bucket = Readonly<Record<string, unknown>>;

interface RecordIndex {
  /** The root bucket the index reflects. */
  slots: Bucket;
  /** node id → the catalog keys holding it (one, unless seeds gave two records the same id). */
  byNode: Map<string, Set<string>>;
}

const indexes = new WeakMap<object, RecordIndex>();

/** Walks two versions of a bucket tree and reports the leaf entries that left and arrived. */
function diff(
  before: Bucket | undefined,
  after: Bucket | undefined,
  level: number,
  gone: (k: string, v: unknown) => void,
  came: (k: string, v: unknown) => void,
): void {
  if (before === after) return;
  if (level === 3) {
    for (const k of Object.keys(before ?? {})) if (!after || after[k] !== (before as Bucket)[k]) gone(k.slice(1), (before as Bucket)[k]);
    for (const k of Object.keys(after ?? {})) if (!before || before[k] !== (after as Bucket)[k]) came(k.slice(1), (after as Bucket)[k]);
    return;
  }
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) diff(before?.[k] as Bucket | undefined, after?.[k] as Bucket | undefined, level + 1, gone, came);
}

/** The catalog key of the record that holds a node id, or undefined. */
export function recordKeyOf(owner: object, records: Table<Resource>, nodeId: string): string | undefined {
  const slots = records.slots as Bucket;
  let ix = indexes.get(owner);
  if (!ix) {
    ix = { slots: {}, byNode: new Map() };
    indexes.set(owner, ix);
  }
  if (ix.slots !== slots) {
    const byNode = ix.byNode;
    diff(
      ix.slots,
      slots,
      0,
      (key, v) => {
        const id = (v as Resource | undefined)?.node_id;
        const keys = typeof id === 'string' ? byNode.get(id) : undefined;
        if (!keys) return;
        keys.delete(key);
        if (keys.size === 0) byNode.delete(id as string);
      },
      (key, v) => {
        const id = (v as Resource | undefined)?.node_id;
        if (typeof id !== 'string') return;
        const keys = byNode.get(id);
        if (keys) keys.add(key);
        else byNode.set(id, new Set([key]));
      },
    );
    ix.slots = slots;
  }
  const keys = ix.byNode.get(nodeId);
  return keys ? (keys.values().next().value as string) : undefined;
}

/** Finds what a node id names in a state (`owner` keys the per-instance index; the state must be a frozen one, not a draft). */
export function findNode(owner: object, state: CodeHostingState, id: string): NodeRef | undefined {
  const key = recordKeyOf(owner, state.catalog.records, id);
  if (key !== undefined) return { kind: 'record', key };
  return decodeNodeId(id);
}
