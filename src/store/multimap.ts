/**
 * Secondary indexes as lists of values per key (`Record<key, value[]>`, inside a store draft): a
 * deployment's statuses, a team's members, an environment's deployments.
 */

/** Appends `value` to the list under `key` (created when missing). */
export function multiAdd<T>(index: Record<string, T[]>, key: string | number, value: T): void {
  const list = index[key];
  if (list) list.push(value);
  else index[key] = [value];
}

/** Removes `value` from the list under `key`; an emptied list goes. */
export function multiRemove<T>(index: Record<string, T[]>, key: string | number, value: T): void {
  const list = index[key];
  if (!list) return;
  const i = list.indexOf(value);
  if (i >= 0) list.splice(i, 1);
  if (list.length === 0) delete index[key];
}
