import type { CodeHostingState } from '../state.js';
import { findAccount, findRepo } from './lookup.js';

/**
 * GitHub's URL forms in `Link` headers: a repository's lists page by the repository's id
 * (`/repositories/<id>/issues?page=2`), an organization's by the organization's id
 * (`/organizations/<id>/repos?page=2`), as api.github.com links them. The fake answers those forms too
 * (the `/repositories/{id}/...` and `/organizations/{id}/...` rows forward to the named routes).
 */
export function githubLinkForm(link: string, state: CodeHostingState, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return link.replace(/<([^>]+)>/g, (whole, url: string) => {
    if (!url.startsWith(`${base}/`)) return whole;
    const path = url.slice(base.length);
    const repo = /^\/repos\/([^/?]+)\/([^/?]+)(?=[/?])/.exec(path);
    if (repo) {
      const rec = findRepo(state, decodeURIComponent(repo[1] as string), decodeURIComponent(repo[2] as string));
      return rec ? `<${base}/repositories/${rec.id}${path.slice(repo[0].length)}>` : whole;
    }
    const org = /^\/orgs\/([^/?]+)(?=[/?])/.exec(path);
    if (org) {
      const acc = findAccount(state, decodeURIComponent(org[1] as string));
      return acc?.type === 'Organization' ? `<${base}/organizations/${acc.id}${path.slice(org[0].length)}>` : whole;
    }
    return whole;
  });
}
