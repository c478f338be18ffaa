/** Access levels in order: `admin` includes `write` includes `read`. */
const LEVEL = { read: 1, write: 2, admin: 3 } as const;
/** An access level of a permission category. */
export type Access = keyof typeof LEVEL;

/** One needed permission. */
export interface Requirement {
  category: string;
  access: Access;
}
/** A rule: alternatives (any one), each a set of requirements (all of). Empty = nothing needed. */
export type Rule = Requirement[][];

/** Parses the header format `a=read,b=write; c=read` into a rule. */
export function parseRule(text: string): Rule {
  if (!text.trim()) return [];
  return text.split(';').map((alt) =>
    alt
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [category, access] = s.split('=');
        return { category: category as string, access: (access ?? 'read') as Access };
      }),
  );
}

/** Formats a rule the way `X-Accepted-GitHub-Permissions` carries it. */
export function formatRule(rule: Rule): string {
  return rule.map((alt) => alt.map((r) => `${r.category}=${r.access}`).join(',')).join('; ');
}
