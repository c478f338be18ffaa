import { metaData } from './model/load.js';

/**
 * GitHub's fixed answers: emojis, `.gitignore` templates, the octocat, the zen of GitHub and the
 * service's meta information (`GET /meta`). Small, real data sets (meta/model/data.ts, generated from
 * GitHub's own description and the SPDX license list); licenses in model/licenses.ts.
 */

/** The design principles `GET /zen` answers one of. */
export const ZEN = [
  'Responsive is better than fast.',
  "It's not fully shipped until it's fast.",
  'Anything added dilutes everything else.',
  'Practicality beats purity.',
  'Approachable is better than simple.',
  'Mind your words, they are important.',
  'Speak like a human.',
  'Half measures are as bad as nothing at all.',
  'Encourage flow.',
  'Non-blocking is better than blocking.',
  'Favor focus over features.',
  'Avoid administrative distraction.',
  'Design for failure.',
  'Keep it logically awesome.',
] as const;

/** The zen of an instant: the fake clock picks, so a test that sets the clock gets the same line. */
export function zenAt(nowMs: number): string {
  return ZEN[Math.floor(nowMs / 1000) % ZEN.length] as string;
}

/** The `.gitignore` templates GitHub lists, sorted by name. */
export function gitignoreNames(): string[] {
  return Object.keys(metaData().gitignore).sort();
}

/** A template by name (GitHub matches names exactly), or undefined. */
export function gitignoreTemplate(name: string): { name: string; source: string } | undefined {
  const source = metaData().gitignore[name];
  return source === undefined ? undefined : { name, source };
}

/**
 * The octocat saying `text` in GitHub's speech bubble: the bubble is as wide as the text, its tail
 * under the first characters, as GitHub draws it.
 */
export function octocatSaying(text: string): string {
  const art = metaData().octocat.split('\n');
  const said = text.replace(/\s+/g, ' ').trim();
  const width = said.length + 2;
  const bubble = [`${'_'.repeat(width)}`, `|${' '.repeat(width)}|`, `| ${said} |`, `|_   ${'_'.repeat(Math.max(0, width - 4))}|`, '|/'];
  // Lines 2 to 6 of GitHub's art carry the bubble after the octocat's head (from column 40, then 39, ...).
  return art
    .map((line, i) => {
      const part = bubble[i - 2];
      if (part === undefined) return line;
      const head = line.replace(/\s+[|_].*$/, '').replace(/\s+$/, '');
      const column = [40, 39, 39, 39, 41][i - 2] as number;
      return `${head.padEnd(column, ' ')}${part}`;
    })
    .join('\n');
}

/** GitHub's `api-overview` (`GET /meta`): the addresses and keys GitHub publishes for github.com. */
export function apiOverview(ghes: boolean): Record<string, unknown> {
  const ranges = ['192.30.252.0/22', '185.199.108.0/22', '140.82.112.0/20', '143.55.64.0/20', '2a0a:a440::/29', '2606:50c0::/32'];
  return {
    verifiable_password_authentication: ghes,
    ssh_key_fingerprints: {
      SHA256_ECDSA: 'p2QAMXNIC1TJYWeIOttrVc98/R1BUFWu3/LiyKgUfQM',
      SHA256_ED25519: '+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU',
      SHA256_RSA: 'uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s',
    },
    ssh_keys: [
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl',
      'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEezOmxkZMy7opKgwFB9nkt5YRrYMjNuG5N87uRgg6CLrbo5wAdT/y6v0mKV0U2w0WZ2YB/++Tpockg=',
    ],
    hooks: ['192.30.252.0/22', '185.199.108.0/22', '140.82.112.0/20', '143.55.64.0/20', '2a0a:a440::/29', '2606:50c0::/32'],
    web: ranges,
    api: ranges,
    git: ranges,
    pages: ['192.30.252.153/32', '192.30.252.154/32', '185.199.108.153/32', '185.199.109.153/32', '185.199.110.153/32', '185.199.111.153/32'],
    importer: ['52.23.85.212/32', '52.0.228.224/32', '52.22.155.48/32'],
    domains: {
      website: ['*.github.com', '*.github.dev', '*.github.io', '*.githubassets.com', '*.githubusercontent.com'],
    },
  };
}
