import type { Octokit } from '@octokit/rest';

// Follows every API link (`url`, `*_url`, `_links.*`) of the repository's own objects in an answer
// body: each must be a path the fake answers. Templates (`{/sha}`), web pages, other hosts (uploads,
// raw), accounts (`/users/...`) and `protection_url` (GitHub itself answers 404 `Branch not protected`
// there until the branch is protected) are left out.

/** Every API URL in a body (deep), once each. */
export function apiLinks(body: unknown, base = 'https://api.github.com/repos/'): string[] {
  const out = new Set<string>();
  const visit = (v: unknown, key: string) => {
    if (typeof v === 'string') {
      if ((key === 'url' || key.endsWith('_url') || key === 'self' || key === 'git') && key !== 'protection_url' && v.startsWith(base) && !v.includes('{'))
        out.add(v);
      return;
    }
    if (Array.isArray(v)) for (const x of v) visit(x, key);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, k);
  };
  visit(body, '');
  return [...out];
}

/** GETs every API link of a body; answers the links that did not answer 2xx/3xx, with their status. */
export async function brokenLinks(octokit: Octokit, body: unknown): Promise<string[]> {
  const broken: string[] = [];
  for (const url of apiLinks(body)) {
    try {
      const res = await octokit.request({ method: 'GET', url, request: { redirect: 'manual' } });
      if (res.status >= 400) broken.push(`${url} → ${res.status}`);
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === undefined || status >= 400) broken.push(`${url} → ${status}`);
    }
  }
  return broken;
}
