import { closest } from '../../../../util/suggest.js';
import { githubError } from '../../core/errors.js';

/**
 * Webhook event names a repository or organization hook may subscribe to (GitHub's "Webhook events
 * and payloads" reference, the names `@octokit/webhooks` knows), plus `*` for every event.
 */
export const WEBHOOK_EVENTS: readonly string[] = [
  '*',
  'branch_protection_configuration',
  'branch_protection_rule',
  'check_run',
  'check_suite',
  'code_scanning_alert',
  'commit_comment',
  'create',
  'custom_property',
  'custom_property_values',
  'delete',
  'dependabot_alert',
  'deploy_key',
  'deployment',
  'deployment_protection_rule',
  'deployment_review',
  'deployment_status',
  'discussion',
  'discussion_comment',
  'fork',
  'github_app_authorization',
  'gollum',
  'installation',
  'installation_repositories',
  'installation_target',
  'issue_comment',
  'issue_dependencies',
  'issues',
  'label',
  'marketplace_purchase',
  'member',
  'membership',
  'merge_group',
  'meta',
  'milestone',
  'org_block',
  'organization',
  'package',
  'page_build',
  'personal_access_token_request',
  'ping',
  'project',
  'project_card',
  'project_column',
  'projects_v2',
  'projects_v2_item',
  'projects_v2_status_update',
  'public',
  'pull_request',
  'pull_request_review',
  'pull_request_review_comment',
  'pull_request_review_thread',
  'push',
  'registry_package',
  'release',
  'repository',
  'repository_advisory',
  'repository_dispatch',
  'repository_import',
  'repository_ruleset',
  'repository_vulnerability_alert',
  'secret_scanning_alert',
  'secret_scanning_alert_location',
  'secret_scanning_scan',
  'security_advisory',
  'security_and_analysis',
  'sponsorship',
  'star',
  'status',
  'sub_issues',
  'team',
  'team_add',
  'watch',
  'workflow_dispatch',
  'workflow_job',
  'workflow_run',
];
const KNOWN = new Set(WEBHOOK_EVENTS);

/** Other spellings of event names: the import event under its name in the import documentation. */
export const EVENT_ALIASES: Readonly<Record<string, string>> = { RepositoryImportEvent: 'repository_import' };

/**
 * Checks and normalizes a hook's event names: aliases become GitHub's names (`RepositoryImportEvent` →
 * `repository_import`), duplicates go, and an unknown name answers GitHub's 422 `Validation Failed`.
 * @example hookEvents(['push', 'RepositoryImportEvent']) // ['push', 'repository_import']
 */
export function hookEvents(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of names) {
    const name = EVENT_ALIASES[raw] ?? raw;
    if (!KNOWN.has(name)) {
      throw githubError.validation([{ resource: 'Hook', code: 'invalid', field: 'events', message: `${raw} is not a valid event name.` }]);
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The same check for `seed.hook(...)`: a named error with the nearest valid event name.
 * @example seedHookEvents(['pushh']) // throws 'stuntdouble: unknown webhook event "pushh"; did you mean "push"?'
 */
export function seedHookEvents(names: readonly string[]): string[] {
  for (const raw of names) {
    const name = EVENT_ALIASES[raw] ?? raw;
    if (!KNOWN.has(name)) throw new Error(`stuntdouble: unknown webhook event "${raw}"; did you mean "${nearest(raw)}"?`);
  }
  return hookEvents(names);
}

function nearest(name: string): string {
  return closest(name.toLowerCase(), WEBHOOK_EVENTS) ?? 'push';
}
