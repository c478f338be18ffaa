// The README's "A first test", verbatim, so the first thing a user copies keeps working.
import { Octokit } from '@octokit/rest';
import { scenarios } from 'stuntdouble';
import { useFakes } from 'stuntdouble/vitest';
import { expect, it } from 'vitest';

const fakes = useFakes(); // install before each test, uninstall + reset after

it('asks for credentials when the origin needs them', async () => {
  const { owner, repo } = fakes.apply(scenarios.importNeedsAuth({ owner: 'octo', repo: 'hello' }));
  const octokit = new Octokit({ auth: 'ghp_any_token_works_in_lenient_mode' });

  const { data } = await octokit.request('GET /repos/{owner}/{repo}/import', { owner, repo });

  expect(data.status).toBe('detection_needs_auth');
  expect(fakes).toHaveReceived('GET /repos/{owner}/{repo}/import', { status: 200 });

  // Supplying credentials resolves it, as on the real service.
  await octokit.request('PATCH /repos/{owner}/{repo}/import', { owner, repo, vcs_username: 'octocat', vcs_password: 'secret' });
  expect(fakes.calls.where({ operation: 'migrations/update-import' }).count()).toBe(1);
  expect(JSON.stringify(fakes.calls)).not.toContain('secret"'); // the password is redacted in the journal
});
