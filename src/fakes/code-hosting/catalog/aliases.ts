/** Seed spellings of path segments and the real GitHub spellings served alongside them. */
export const PATH_ALIASES: ReadonlyArray<readonly [seed: string, real: string]> = [
  ['dependency-bot', 'dependabot'],
  ['assistant', 'copilot'],
  ['platform', 'github'],
];

/** The real GitHub spelling of a seed path template (`/dependency-bot/` → `/dependabot/`). */
export function realSpelling(path: string): string {
  return path
    .split('/')
    .map((seg) => PATH_ALIASES.find(([seed]) => seed === seg)?.[1] ?? seg)
    .join('/');
}

/** Every spelling a path template is served under: the seed's and, when different, the real one. */
export function spellings(path: string): string[] {
  const real = realSpelling(path);
  return real === path ? [path] : [path, real];
}
