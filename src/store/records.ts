/**
 * The value stored under `key` in a state record keyed by user input (logins, ids, tokens). Own keys
 * only: a path parameter or token such as `constructor`, `__proto__` or `toString` must find nothing,
 * not a member of Object.prototype (the reliability suite found 500s and accepted unseeded tokens).
 * @example const repo = own(state.repos, params.repo_id);
 */
export function own<T>(record: Readonly<Record<string, T>>, key: string | number): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
