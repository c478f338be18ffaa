/**
 * The sub-issues family has no seed helpers: add sub-issues through the API
 * (`octokit.rest.issues.addSubIssue({ owner, repo, issue_number, sub_issue_id })`) after creating or
 * seeding the issues.
 */
export {};
