import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { callerOf, requiredRole } from './auth.js';
import { ruleFor } from './catalog/table.js';
import { ORG_ROLE_TABLE } from './org-role-table.js';
import { parseRole, permissionsOfRole, roleReaches } from './roles.js';

describe('repository roles', () => {
  it('reads GitHub’s role names and permission spellings, weakest first', () => {
    expect(['pull', 'read', 'triage', 'push', 'write', 'maintain', 'admin', 'owner'].map(parseRole)).toEqual([
      'read',
      'read',
      'triage',
      'write',
      'write',
      'maintain',
      'admin',
      undefined,
    ]);
    expect(roleReaches('maintain', 'write')).toBe(true);
    expect(roleReaches('triage', 'write')).toBe(false);
    expect(roleReaches(undefined, 'read')).toBe(false);
  });

  it('builds the permissions object of a role (pull for a public repository without a role)', () => {
    expect(permissionsOfRole('triage', false)).toEqual({ admin: false, maintain: false, push: false, triage: true, pull: true });
    expect(permissionsOfRole(undefined, true)).toEqual({ admin: false, maintain: false, push: false, triage: false, pull: true });
    expect(permissionsOfRole(undefined, false).pull).toBe(false);
  });

  it('asks each route the role of GitHub’s roles table, and says how a user below it is refused', () => {
    const of = (key: string) => {
      const rule = ruleFor(key);
      return [requiredRole(rule), rule.roleRefusal ?? 404];
    };
    expect(of('POST /repos/{owner}/{repo}/issues')).toEqual(['read', 404]);
    expect(of('POST /repos/{owner}/{repo}/issues/{issue_number}/labels')).toEqual(['triage', 403]);
    expect(of('POST /repos/{owner}/{repo}/labels')).toEqual(['write', 404]);
    expect(of('PUT /repos/{owner}/{repo}/issues/{issue_number}/lock')).toEqual(['write', 403]);
    expect(of('PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge')).toEqual(['write', 404]);
    expect(of('PUT /repos/{owner}/{repo}/topics')).toEqual(['maintain', 404]);
    expect(of('PATCH /repos/{owner}/{repo}/comments/{comment_id}')).toEqual(['read', 404]);
  });

  it('sees lenient and login-less tokens as owners, tokens seeded with a login as that user', () => {
    expect(callerOf({ kind: 'anonymous', token: null, login: null })).toEqual({ kind: 'anonymous', login: null });
    expect(callerOf({ kind: 'lenient', token: null, login: 'octocat' }).kind).toBe('owner');
    const token = { token: 't', label: 'l', type: 'classic' as const, login: 'bob', scopes: [], permissions: {}, repositories: 'all' as const };
    expect(callerOf({ kind: 'token', token, login: 'bob' }).kind).toBe('owner');
    expect(callerOf({ kind: 'token', token: { ...token, actsAs: true }, login: 'bob' })).toEqual({ kind: 'user', login: 'bob' });
  });
});

describe('organization roles', () => {
  it('tables the role GitHub’s descriptions state', () => {
    expect(ORG_ROLE_TABLE['PUT /orgs/{org}/interaction-limits']).toBe('owner');
    expect(ORG_ROLE_TABLE['PUT /orgs/{org}/actions/permissions']).toBe('owner');
    expect(ORG_ROLE_TABLE['GET /orgs/{org}/actions/secrets']).toBe('owner');
    expect(ORG_ROLE_TABLE['POST /orgs/{org}/teams']).toBe('member');
    expect(ORG_ROLE_TABLE['PATCH /orgs/{org}/teams/{team_slug}']).toBe('team_maintainer');
    expect(ORG_ROLE_TABLE['GET /orgs/{org}/code-security/configurations']).toBe('security_manager');
    expect(ORG_ROLE_TABLE['GET /organizations/{org}/settings/billing/budgets']).toBe('billing_manager');
    expect(ORG_ROLE_TABLE['PUT /orgs/{org}/public_members/{username}']).toBe('member');
    // Reads GitHub serves to anyone need no role.
    expect(ORG_ROLE_TABLE['GET /orgs/{org}']).toBeUndefined();
  });

  it('is generated from the current descriptions (node scripts/generate-org-roles.mjs)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/generate-org-roles.mjs', '--check'], { encoding: 'utf8' })).not.toThrow();
  });
});
