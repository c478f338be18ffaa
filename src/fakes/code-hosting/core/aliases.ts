/**
 * Neutral spellings and the real ones. Input accepts both; answers use the real one
 * and, for a header that has a neutral name of its own, both.
 */
export const HEADER_ALIASES = {
  /** Request header selecting the API version. */
  apiVersion: ['x-github-api-version', 'x-platform-api-version'],
  /** Response header naming the accepted fine-grained permissions. */
  acceptedPermissions: ['x-accepted-github-permissions', 'x-accepted-platform-permissions'],
} as const;

/** Reads the first present header of an alias group. */
export function readAliased(headers: Readonly<Record<string, string>>, names: readonly string[]): string | undefined {
  for (const n of names) {
    const v = headers[n];
    if (v !== undefined) return v;
  }
  return undefined;
}
