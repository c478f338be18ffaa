import { trimBase, webBase } from '../core/urls.js';

/**
 * GitHub's API root (`GET /`): the URL templates of the API's entry points (hypermedia), on the
 * request's host, in GitHub's order.
 */
export function rootBody(apiBase: string): Record<string, string> {
  const api = trimBase(apiBase);
  const web = webBase(apiBase);
  const search = (kind: string) => `${api}/search/${kind}?q={query}{&page,per_page,sort,order}`;
  return {
    current_user_url: `${api}/user`,
    current_user_authorizations_html_url: `${web}/settings/connections/applications{/client_id}`,
    authorizations_url: `${api}/authorizations`,
    code_search_url: search('code'),
    commit_search_url: search('commits'),
    emails_url: `${api}/user/emails`,
    emojis_url: `${api}/emojis`,
    events_url: `${api}/events`,
    feeds_url: `${api}/feeds`,
    followers_url: `${api}/user/followers`,
    following_url: `${api}/user/following{/target}`,
    gists_url: `${api}/gists{/gist_id}`,
    hub_url: `${api}/hub`,
    issue_search_url: search('issues'),
    issues_url: `${api}/issues`,
    keys_url: `${api}/user/keys`,
    label_search_url: `${api}/search/labels?q={query}&repository_id={repository_id}{&page,per_page}`,
    notifications_url: `${api}/notifications`,
    organization_url: `${api}/orgs/{org}`,
    organization_repositories_url: `${api}/orgs/{org}/repos{?type,page,per_page,sort}`,
    organization_teams_url: `${api}/orgs/{org}/teams`,
    public_gists_url: `${api}/gists/public`,
    rate_limit_url: `${api}/rate_limit`,
    repository_url: `${api}/repos/{owner}/{repo}`,
    repository_search_url: search('repositories'),
    current_user_repositories_url: `${api}/user/repos{?type,page,per_page,sort}`,
    starred_url: `${api}/user/starred{/owner}{/repo}`,
    starred_gists_url: `${api}/gists/starred`,
    topic_search_url: `${api}/search/topics?q={query}{&page,per_page}`,
    user_url: `${api}/users/{user}`,
    user_organizations_url: `${api}/user/orgs`,
    user_repositories_url: `${api}/users/{user}/repos{?type,page,per_page,sort}`,
    user_search_url: search('users'),
  };
}

/**
 * GitHub's feeds (`GET /feeds`): the Atom feeds on the web host, the caller's own (private ones carry
 * the caller's feed token), each also under `_links` with its media type.
 */
export function feedsBody(apiBase: string, login: string, token: string): Record<string, unknown> {
  const web = webBase(apiBase);
  const urls: Array<[string, string]> = [
    ['timeline', `${web}/timeline`],
    ['user', `${web}/{user}`],
    ['current_user_public', `${web}/${login}`],
    ['current_user', `${web}/${login}.private?token=${token}`],
    ['current_user_actor', `${web}/${login}.private.actor?token=${token}`],
    ['current_user_organization', `${web}/organizations/{org}/${login}.private.atom?token=${token}`],
    ['security_advisories', `${web}/security-advisories`],
    ['repository_discussions', `${web}/{user}/{repo}/discussions`],
    ['repository_discussions_category', `${web}/{user}/{repo}/discussions/categories/{category}`],
  ];
  const atom = (href: string) => ({ href, type: 'application/atom+xml' });
  return {
    ...Object.fromEntries(urls.map(([k, u]) => [`${k}_url`, u])),
    current_user_organization_urls: [],
    _links: { ...Object.fromEntries(urls.map(([k, u]) => [k, atom(u)])), current_user_organizations: [] },
  };
}
