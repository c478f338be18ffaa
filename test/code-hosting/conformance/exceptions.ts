/**
 * Reviewed departures from the descriptions, by host and `METHOD path` (GitHub's spelling), each with
 * its reason. Keep it short: every entry is a place where a test could pass against the fake and fail
 * against GitHub.
 */
const EMPTY_ENVIRONMENT_URL =
  'a status created without environment_url answers "" as GitHub does: the description documents the field with `default: ""` and `format: uri`, which contradict each other; the fake follows the documented default';
const DEPLOYMENT_STATUSES = {
  'POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses': EMPTY_ENVIRONMENT_URL,
  'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses/{status_id}': EMPTY_ENVIRONMENT_URL,
};
const GHES_DEPENDABOT_ASSIGNEES =
  'answers are shaped by the api.github.com description, whose Dependabot alert has `assignees`; GHES 3.19’s alert has none and forbids other properties';

export const EXCEPTIONS: Record<string, Record<string, string>> = {
  'api.github.com': { ...DEPLOYMENT_STATUSES },
  'ghes-3.19': {
    ...DEPLOYMENT_STATUSES,
    'GET /repos/{owner}/{repo}/dependabot/alerts/{alert_number}': GHES_DEPENDABOT_ASSIGNEES,
    'PATCH /repos/{owner}/{repo}/dependabot/alerts/{alert_number}': GHES_DEPENDABOT_ASSIGNEES,
  },
  ghec: { ...DEPLOYMENT_STATUSES },
  'octokit-openapi-22.0.0': {},
};
