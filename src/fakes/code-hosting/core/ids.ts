import { nextId } from '../../../store/ids.js';

/**
 * The next id of a counter that no stored object holds yet (a seed may have taken ids ahead of the
 * counter): deterministic, and O(1) unless seeds took the ids that follow.
 */
export function freshId(counters: Record<string, number>, name: string, start: number, taken: (id: number) => boolean): number {
  let id = nextId(counters, name, start);
  while (taken(id)) id = nextId(counters, name, start);
  return id;
}
