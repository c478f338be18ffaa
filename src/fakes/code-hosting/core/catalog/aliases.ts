/**
 * Path segments that `CATALOG` writes in a neutral spelling, each with the real GitHub spelling; the fake
 * serves a route under both.
 */
export const PATH_ALIASES: ReadonlyArray<readonly [neutral: string, real: string]> = [
  ['dependency-bot', 'dependabot'],
  ['assistant', 'copilot'],
  ['platform', 'github'],
];

/** The real GitHub spelling of a path template in the neutral spelling (`/dependency-bot/` → `/dependabot/`). */
export function realSpelling(path: string): string {
  return path
    .split('/')
    .map((seg) => PATH_ALIASES.find(([neutral]) => neutral === seg)?.[1] ?? seg)
    .join('/');
}

/** Every spelling a path template is served under: the neutral one and, when different, the real one. */
export function spellings(path: string): string[] {
  const real = realSpelling(path);
  return real === path ? [path] : [path, real];
}
