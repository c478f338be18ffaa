import type { Octokit } from '@octokit/rest';
import type { Fakes } from 'stuntdouble';
import type { CatalogRow } from 'stuntdouble/code-hosting';

// Git data is content-addressed: a request naming a sha the repository does not have is refused, as
// on GitHub. The descriptions' examples name shas and branches of GitHub's own sample repository, so
// the walk seeds a small real history (before its snapshot) and puts its shas where the examples
// have theirs: path parameters, and the body fields that name objects.

/** The objects of the seeded history. */
export interface GitFixture {
  /** Rewrites a row's parameters and body to name the seeded objects; answers the body to send. */
  prepare(row: CatalogRow, params: Record<string, unknown>, body: Record<string, unknown> | undefined): Promise<Record<string, unknown> | undefined>;
}

/** Seeds the history (branches `master`, `dev`, `cool_feature`, an annotated tag) and answers the fixture. */
export function gitFixture(fakes: Fakes, octokit: Octokit, owner: string, repo: string): GitFixture {
  const seed = fakes.codeHosting.seed;
  const file = seed.file({ owner, repo, path: 'lib/app.js', content: 'export {};\n' });
  seed.commit({ owner, repo, branch: 'master', message: 'master', files: {} });
  seed.commit({ owner, repo, branch: 'dev', message: 'dev work', files: { 'dev.txt': 'dev\n' } });
  seed.commit({ owner, repo, branch: 'cool_feature', message: 'feature', files: { 'feature.txt': 'feature\n' } });
  const shas = { blob: file.blobSha, tree: file.tree, commit: file.sha };

  return {
    async prepare(row, params, body0) {
      const body = body0 ? structuredClone(body0) : undefined;
      const p = row.path;
      if (p.includes('{file_sha}')) params.file_sha = shas.blob;
      if (p.includes('{tree_sha}')) params.tree_sha = shas.tree;
      if (p.includes('{commit_sha}')) params.commit_sha = shas.commit;
      if (p.includes('{tag_sha}')) {
        const tag = await octokit.rest.git.createTag({ owner, repo, tag: 'v0.0.1', message: 'm', object: shas.commit, type: 'commit' });
        params.tag_sha = tag.data.sha;
      }
      // The default branch cannot be deleted (422); another ref can.
      if (row.method === 'DELETE' && p.endsWith('/git/refs/{ref}')) params.ref = 'heads/dev';
      // Bodies name the seeded objects (whatever the example or placeholder named).
      if (body && p.endsWith('/git/trees')) {
        body.base_tree = shas.tree;
        body.tree = [{ path: 'file.rb', mode: '100644', type: 'blob', sha: shas.blob }];
      }
      if (body && p.endsWith('/git/commits')) {
        body.tree = shas.tree;
        body.parents = [shas.commit];
      }
      if (body && p.endsWith('/git/refs') && !String(body.ref).startsWith('refs/')) body.ref = 'refs/heads/featureA';
      if (body && (p.endsWith('/git/refs') || p.endsWith('/git/refs/{ref}'))) body.sha = shas.commit;
      if (body && p.endsWith('/git/tags')) Object.assign(body, { object: shas.commit, type: 'commit' });
      if (body && p.endsWith('/merges')) Object.assign(body, { base: 'master', head: 'cool_feature' });
      if (body && row.method === 'PUT' && p.endsWith('/contents/{path}') && !/^[A-Za-z0-9+/=]*$/.test(String(body.content))) {
        body.content = Buffer.from('my new file contents').toString('base64');
      }
      if (body && row.method === 'DELETE' && p.endsWith('/contents/{path}')) {
        const cur = await octokit.rest.repos.getContent({ owner, repo, path: String(params.path) });
        body.sha = (cur.data as { sha: string }).sha;
      }
      // Check runs and suites are made on a commit the repository has.
      if (body && (p.endsWith('/check-runs') || p.endsWith('/check-suites')) && row.method === 'POST') body.head_sha = shas.commit;
      // The run or suite of the row, on a seeded commit (the description's example sha is no commit here).
      const exists = (call: Promise<unknown>) =>
        call.then(
          () => true,
          () => false,
        );
      if (p.includes('{check_suite_id}') && !(await exists(octokit.rest.checks.getSuite({ owner, repo, check_suite_id: Number(params.check_suite_id) })))) {
        seed.resource(`/repos/${owner}/${repo}/check-suites/${params.check_suite_id}`, { head_sha: shas.commit });
      }
      if (p.includes('{check_run_id}') && !(await exists(octokit.rest.checks.get({ owner, repo, check_run_id: Number(params.check_run_id) })))) {
        seed.resource(`/repos/${owner}/${repo}/check-runs/${params.check_run_id}`, { name: 'ci', head_sha: shas.commit });
      }
      // Deployments name a branch the repository has; the row's deployment and status exist first.
      if (body && row.method === 'POST' && p.endsWith('/deployments')) body.ref = 'master';
      if (body && row.method === 'POST' && p.endsWith('/deployments/{deployment_id}/statuses') && body.state === 'state-value') body.state = 'success';
      const deployments = fakes.state.codeHosting.deployments;
      if (p.includes('{deployment_id}') && !deployments.records[String(params.deployment_id)]) {
        seed.resource(`/repos/${owner}/${repo}/deployments/${params.deployment_id}`, { ref: 'master' });
      }
      if (p.includes('{status_id}') && p.includes('/deployments/') && !deployments.statuses[String(params.status_id)]) {
        seed.resource(`/repos/${owner}/${repo}/deployments/${params.deployment_id}/statuses/${params.status_id}`, { state: 'success' });
      }
      // A commit status names a commit the repository has and one of GitHub's four states.
      if (p.endsWith('/statuses/{sha}')) params.sha = shas.commit;
      if (body && p.endsWith('/statuses/{sha}')) body.state = 'success';
      // Team rows: the team (`team-slug-1`, id 7 for the legacy `/teams/{team_id}` rows) of `acme`, its
      // member and repository unless the row adds them; a repository added to a team is the organization's
      // (GitHub refuses others with 422).
      if (p.includes('{team_slug}') || p.includes('{team_id}')) {
        const teams = fakes.state.codeHosting.teams;
        const slugPath = '/orgs/acme/teams/team-slug-1';
        if (teams.bySlug['acme\nteam-slug-1'] === undefined) seed.resource(slugPath, { name: 'Team One', ...(teams.records[7] ? {} : { id: 7 }) });
        if (p.includes('{username}') && row.method !== 'PUT') seed.resource(`${slugPath}/memberships/${params.username}`, { role: 'member' });
        if (p.endsWith('/repos/{owner}/{repo}')) {
          if (row.method === 'PUT') {
            seed.repo({ owner: 'acme', repo: 'team-repo', ownerType: 'Organization' });
            Object.assign(params, { owner: 'acme', repo: 'team-repo' });
          } else seed.resource(`${slugPath}/repos/${params.owner}/${params.repo}`, { permission: 'push' });
          // The check answers the repository (200) with GitHub's repository media type, 204 without.
          if (row.method === 'GET') params.headers = { accept: 'application/vnd.github.v3.repository+json' };
        }
      }
      const releaseId = Number(params.release_id);
      if (
        p.includes('{release_id}') &&
        !(await octokit.rest.repos.getRelease({ owner, repo, release_id: releaseId }).then(
          () => true,
          () => false,
        ))
      ) {
        seed.release({ owner, repo, tag: `v0.${params.release_id}.0`, id: Number(params.release_id), assets: [{ name: 'app.zip', content: 'zip' }] });
      }
      return body;
    },
  };
}
