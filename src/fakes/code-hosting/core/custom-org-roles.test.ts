import { describe, expect, it } from 'vitest';
import { permissionsOpen } from './custom-org-roles.js';

// Which organization routes an organization role's permissions open: reading permissions open reads
// only; managing custom organization roles does not open assigning them.
describe('organization role permissions', () => {
  it('opens reads for read_ permissions, every method for write_ and manage_ permissions', () => {
    const read = new Set(['read_organization_custom_repo_role']);
    expect(permissionsOpen(read, 'GET /orgs/{org}/custom-repository-roles')).toBe(true);
    expect(permissionsOpen(read, 'POST /orgs/{org}/custom-repository-roles')).toBe(false);
    const write = new Set(['write_organization_custom_repo_role']);
    expect(permissionsOpen(write, 'DELETE /orgs/{org}/custom-repository-roles/{role_id}')).toBe(true);
    expect(permissionsOpen(new Set(['manage_organization_webhooks']), 'PATCH /orgs/{org}/hooks/{hook_id}/config')).toBe(true);
  });

  it('keeps assigning organization roles to owners, and opens nothing with no permission', () => {
    const manager = new Set(['write_organization_custom_org_role']);
    expect(permissionsOpen(manager, 'PATCH /orgs/{org}/organization-roles/{role_id}')).toBe(true);
    expect(permissionsOpen(manager, 'PUT /orgs/{org}/organization-roles/users/{username}/{role_id}')).toBe(false);
    expect(permissionsOpen(new Set(), 'GET /orgs/{org}/actions/secrets')).toBe(false);
    expect(permissionsOpen(new Set(['write_organization_actions_secrets']), 'GET /orgs/{org}/actions/variables')).toBe(false);
  });
});
