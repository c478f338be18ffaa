// npm run demo: what a test sees. Runs the real SDK against the fakes and prints the journal.
import { Octokit } from '@octokit/rest';
import { createFakes } from 'stuntdouble';

const fakes = createFakes({ clock: '2024-01-01T00:00:00Z' }).install();
const octokit = new Octokit({ auth: 'ghp_demo', request: { retries: 0 } });

const limit = await octokit.request('GET /rate_limit');
console.log('GET /rate_limit →', limit.status, limit.data.rate);

try {
  await octokit.request('GET /repos/{owner}/{repo}/no-such-thing', { owner: 'octo', repo: 'hello' });
} catch (err) {
  console.log('unknown route →', err.status, err.message);
}

console.log('\nfakes.describe():');
console.log(fakes.describe());
fakes.uninstall();
