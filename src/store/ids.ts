/** Counters kept in a service's state so ids survive snapshot/restore and restart on reset. */
export type Counters = Record<string, number>;

/**
 * Returns the next value of a named counter (starting after `start`), bumping it in the draft.
 * @example nextId(draft.counters, 'repo', 1000) // 1001, then 1002, ...
 */
export function nextId(counters: Counters, name: string, start = 0): number {
  const next = (counters[name] ?? start) + 1;
  counters[name] = next;
  return next;
}
