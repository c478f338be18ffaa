// The seed's path spellings → GitHub's (kept in step with src/fakes/code-hosting/core/catalog/aliases.ts),
// shared by the generators that read GitHub's descriptions.

/** Seed segment → GitHub's segment. */
export const ALIASES = [
  ['dependency-bot', 'dependabot'],
  ['assistant', 'copilot'],
  ['platform', 'github'],
];

/** A path in the seed's spelling → GitHub's spelling, segment by segment. */
export const toReal = (p) =>
  p
    .split('/')
    .map((s) => ALIASES.find(([a]) => a === s)?.[1] ?? s)
    .join('/');
