import { githubError } from '../../core/errors.js';
import { type IssueCtx, lastParam, ok } from './context.js';
import { assignable } from './issues.js';
import { pageIds } from './query.js';
import { keyList, keyListAll } from '../../../../store/key-list.js';

/**
 * Who can be assigned in a repository: its owner, its collaborators, and anyone assigned to one of
 * its issues (or seeded at `/repos/o/r/assignees/<login>`).
 */

/** The assignable logins of the repository, owner first (bounded by collaborators and assignees). */
function assignableLogins(c: IssueCtx): string[] {
  const out = [c.repo.ownerLogin];
  const seen = new Set([c.repo.ownerLogin.toLowerCase()]);
  for (const list of [`${c.rp}/collaborators`, `${c.rp}/assignees`]) {
    for (const key of keyListAll(keyList(c.s.catalog.lists, list))) {
      const login = decodeURIComponent(key.slice(list.length + 1));
      if (!login || seen.has(login.toLowerCase())) continue;
      seen.add(login.toLowerCase());
      out.push(login);
    }
  }
  return out;
}

const list = (c: IssueCtx) => {
  const all = assignableLogins(c);
  const page = pageIds(
    c,
    all.map((_, i) => i),
  );
  return ok(
    200,
    page.ids.map((i) => ({ login: all[i] })),
    page.headers,
  );
};

const check = (c: IssueCtx) => {
  if (!assignable(c, lastParam(c))) throw githubError.notFound();
  return ok(204);
};

/** Repository assignee operations by `METHOD template`: `[write, fn]`. */
export const ASSIGNEE_ROUTES: Record<string, [boolean, (c: IssueCtx) => ReturnType<typeof ok>]> = {
  ['GET /repos/{owner}/{repo}/assignees']: [false, list],
  ['GET /repos/{owner}/{repo}/assignees/{assignee}']: [false, check],
};
