/**
 * Reviewed departures from the descriptions, by host and `METHOD path` (GitHub's spelling), each with
 * its reason. Keep it short: every entry is a place where a test could pass against the fake and fail
 * against GitHub. None today.
 */
export const EXCEPTIONS: Record<string, Record<string, string>> = {
  'api.github.com': {},
  'ghes-3.19': {},
  ghec: {},
  'octokit-openapi-22.0.0': {},
};
