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

/** Classic token scopes that satisfy a permission category, by access level. */
function scopesFor(category: string, access: Access): string[] {
  if (category === 'repository_hooks')
    return access === 'read' ? ['read:repo_hook', 'write:repo_hook', 'admin:repo_hook', 'repo'] : ['write:repo_hook', 'admin:repo_hook', 'repo'];
  if (category === 'organization_hooks') return ['admin:org_hook'];
  if (category === 'team_discussions') return access === 'read' ? ['read:discussion', 'write:discussion'] : ['write:discussion'];
  if (category === 'members' || category.startsWith('organization_'))
    return access === 'read' ? ['read:org', 'write:org', 'admin:org'] : ['write:org', 'admin:org'];
  if (category === 'packages') return access === 'read' ? ['read:packages', 'write:packages'] : ['write:packages', 'delete:packages'];
  if (category === 'gists') return ['gist'];
  if (category === 'emails') return ['user', 'user:email', ...(access === 'read' ? ['read:user'] : [])];
  if (category === 'followers') return ['user', 'user:follow', ...(access === 'read' ? ['read:user'] : [])];
  if (category === 'profile') return ['user'];
  if (category === 'gpg_keys') return access === 'read' ? ['read:gpg_key', 'write:gpg_key', 'admin:gpg_key'] : ['write:gpg_key', 'admin:gpg_key'];
  if (category === 'git_ssh_keys')
    return access === 'read' ? ['read:public_key', 'write:public_key', 'admin:public_key'] : ['write:public_key', 'admin:public_key'];
  if (category === 'ssh_signing_keys')
    return access === 'read' ? ['read:ssh_signing_key', 'write:ssh_signing_key', 'admin:ssh_signing_key'] : ['write:ssh_signing_key', 'admin:ssh_signing_key'];
  if (category === 'enterprise_administration') return ['admin:enterprise'];
  return ['repo'];
}

/** The classic scopes that satisfy a rule (for `X-Accepted-OAuth-Scopes`). */
export function acceptedScopes(rule: Rule): string[] {
  return [...new Set(rule.flatMap((alt) => alt.flatMap((r) => scopesFor(r.category, r.access))))];
}
