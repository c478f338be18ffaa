import { legacyNodeId } from '../../core/shapes/account.js';
import { trimBase } from '../../core/urls.js';
import { metaData } from './load.js';

/**
 * GitHub's commonly used licenses (`GET /licenses`), with what choosealicense.com says of each (the
 * permissions, conditions and limitations GitHub answers) and their texts (meta/model/data.ts), and
 * the detection of a repository's license file (`GET /repos/{owner}/{repo}/license`).
 */

/** What GitHub knows of a license besides its text. */
interface LicenseFacts {
  name: string;
  spdx: string;
  /** GitHub's database id of the license (its `node_id` is `07:License<id>`). */
  id: number;
  description: string;
  permissions: string[];
  conditions: string[];
  limitations: string[];
  featured?: true;
  /** Whether the text has `[year]` and `[fullname]` to fill in. */
  placeholders?: true;
}

const PUBLIC = ['commercial-use', 'modifications', 'distribution', 'private-use'];
const PATENT = ['commercial-use', 'modifications', 'distribution', 'patent-use', 'private-use'];
const NO_WARRANTY = ['liability', 'warranty'];

/** The licenses by key, in GitHub's order of `GET /licenses`. */
export const LICENSES: Readonly<Record<string, LicenseFacts>> = {
  'agpl-3.0': {
    name: 'GNU Affero General Public License v3.0',
    spdx: 'AGPL-3.0',
    id: 1,
    description:
      'Permissions of this strongest copyleft license are conditioned on making available complete source code of licensed works and modifications, which include larger works using a licensed work, under the same license. Copyright and license notices must be preserved. Contributors provide an express grant of patent rights. When a modified version is used to provide a service over a network, the complete source code of the modified version must be made available.',
    permissions: PATENT,
    conditions: ['include-copyright', 'document-changes', 'disclose-source', 'network-use-disclose', 'same-license'],
    limitations: NO_WARRANTY,
  },
  'apache-2.0': {
    name: 'Apache License 2.0',
    spdx: 'Apache-2.0',
    id: 2,
    description:
      'A permissive license whose main conditions require preservation of copyright and license notices. Contributors provide an express grant of patent rights. Licensed works, modifications, and larger works may be distributed under different terms and without source code.',
    permissions: PATENT,
    conditions: ['include-copyright', 'document-changes'],
    limitations: ['trademark-use', 'liability', 'warranty'],
    featured: true,
  },
  'bsd-2-clause': {
    name: 'BSD 2-Clause "Simplified" License',
    spdx: 'BSD-2-Clause',
    id: 4,
    description: 'A permissive license that comes in two variants, the BSD 2-Clause and BSD 3-Clause. Both have very minute differences to the MIT license.',
    permissions: PUBLIC,
    conditions: ['include-copyright'],
    limitations: NO_WARRANTY,
    placeholders: true,
  },
  'bsd-3-clause': {
    name: 'BSD 3-Clause "New" or "Revised" License',
    spdx: 'BSD-3-Clause',
    id: 5,
    description:
      'A permissive license similar to the BSD 2-Clause License, but with a 3rd clause that prohibits others from using the name of the copyright holder or its contributors to promote derived products without written consent.',
    permissions: PUBLIC,
    conditions: ['include-copyright'],
    limitations: NO_WARRANTY,
    placeholders: true,
  },
  'bsl-1.0': {
    name: 'Boost Software License 1.0',
    spdx: 'BSL-1.0',
    id: 28,
    description:
      'A simple permissive license only requiring preservation of copyright and license notices for source (and not binary) distribution. Licensed works, modifications, and larger works may be distributed under different terms and without source code.',
    permissions: PUBLIC,
    conditions: ['include-copyright--source'],
    limitations: NO_WARRANTY,
  },
  'cc0-1.0': {
    name: 'Creative Commons Zero v1.0 Universal',
    spdx: 'CC0-1.0',
    id: 6,
    description:
      'The Creative Commons CC0 Public Domain Dedication waives copyright interest in a work you’ve created and dedicates it to the world-wide public domain. Use CC0 to opt out of copyright entirely and ensure your work has the widest reach.',
    permissions: PUBLIC,
    conditions: [],
    limitations: ['liability', 'trademark-use', 'patent-use', 'warranty'],
  },
  'epl-2.0': {
    name: 'Eclipse Public License 2.0',
    spdx: 'EPL-2.0',
    id: 32,
    description:
      'This commercially-friendly copyleft license provides the ability to commercially license binaries; a modern royalty-free patent license grant; and the ability for linked works to use other licenses, including commercial ones.',
    permissions: PATENT,
    conditions: ['disclose-source', 'include-copyright', 'same-license'],
    limitations: NO_WARRANTY,
  },
  'gpl-2.0': {
    name: 'GNU General Public License v2.0',
    spdx: 'GPL-2.0',
    id: 8,
    description:
      'The GNU GPL is the most widely used free software license and has a strong copyleft requirement. When distributing derived works, the source code of the work must be made available under the same license. There are multiple variants of the GNU GPL, each with different requirements.',
    permissions: PUBLIC,
    conditions: ['include-copyright', 'document-changes', 'disclose-source', 'same-license'],
    limitations: NO_WARRANTY,
  },
  'gpl-3.0': {
    name: 'GNU General Public License v3.0',
    spdx: 'GPL-3.0',
    id: 9,
    description:
      'Permissions of this strong copyleft license are conditioned on making available complete source code of licensed works and modifications, which include larger works using a licensed work, under the same license. Copyright and license notices must be preserved. Contributors provide an express grant of patent rights.',
    permissions: PATENT,
    conditions: ['include-copyright', 'document-changes', 'disclose-source', 'same-license'],
    limitations: NO_WARRANTY,
    featured: true,
  },
  'lgpl-2.1': {
    name: 'GNU Lesser General Public License v2.1',
    spdx: 'LGPL-2.1',
    id: 11,
    description:
      'Primarily used for software libraries, the GNU LGPL requires that derived works be licensed under the same license, but works that only link to it do not fall under this restriction. There are two commonly used versions of the GNU LGPL.',
    permissions: PUBLIC,
    conditions: ['include-copyright', 'disclose-source', 'document-changes', 'same-license--library'],
    limitations: NO_WARRANTY,
  },
  mit: {
    name: 'MIT License',
    spdx: 'MIT',
    id: 13,
    description:
      'A short and simple permissive license with conditions only requiring preservation of copyright and license notices. Licensed works, modifications, and larger works may be distributed under different terms and without source code.',
    permissions: PUBLIC,
    conditions: ['include-copyright'],
    limitations: NO_WARRANTY,
    featured: true,
    placeholders: true,
  },
  'mpl-2.0': {
    name: 'Mozilla Public License 2.0',
    spdx: 'MPL-2.0',
    id: 14,
    description:
      'Permissions of this weak copyleft license are conditioned on making available source code of licensed files and modifications of those files under the same license (or in certain cases, one of the GNU licenses). Copyright and license notices must be preserved. Contributors provide an express grant of patent rights. However, a larger work using the licensed work may be distributed under different terms and without source code for files added in the larger work.',
    permissions: PATENT,
    conditions: ['disclose-source', 'include-copyright', 'same-license--file'],
    limitations: ['liability', 'trademark-use', 'warranty'],
  },
  unlicense: {
    name: 'The Unlicense',
    spdx: 'Unlicense',
    id: 15,
    description:
      'A license with no conditions whatsoever which dedicates works to the public domain. Unlicensed works, modifications, and larger works may be distributed under different terms and without source code.',
    permissions: PUBLIC,
    conditions: [],
    limitations: NO_WARRANTY,
  },
};

/** GitHub's `license-simple` of a license key. */
export function licenseSimple(key: string, apiBase: string): Record<string, unknown> {
  const f = LICENSES[key];
  if (!f) return { key: 'other', name: 'Other', spdx_id: 'NOASSERTION', url: null, node_id: legacyNodeId('License', 0) };
  return { key, name: f.name, spdx_id: f.spdx, url: `${trimBase(apiBase)}/licenses/${key}`, node_id: legacyNodeId('License', f.id) };
}

/** GitHub's full `license` of a license key (undefined: GitHub knows no such license). */
export function licenseFull(key: string, apiBase: string): Record<string, unknown> | undefined {
  const f = LICENSES[key];
  if (!f) return undefined;
  return {
    ...licenseSimple(key, apiBase),
    html_url: `http://choosealicense.com/licenses/${key}/`,
    description: f.description,
    implementation: `Create a text file (typically named LICENSE or LICENSE.txt) in the root of your source code and copy the text of the license into the file.${
      f.placeholders ? ' Replace [year] with the current year and [fullname] with the name (or names) of the copyright holders.' : ''
    }`,
    permissions: [...f.permissions],
    conditions: [...f.conditions],
    limitations: [...f.limitations],
    body: metaData().licenseBodies[key] ?? '',
    featured: f.featured === true,
  };
}

/** A license text reduced to its words: the copyright line, placeholders, punctuation and spacing do not count. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^\s*copyright\b.*$/gm, ' ')
    .replace(/\[(year|fullname)\]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
}

/** Word counts of a text. */
function bag(w: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of w) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

let known: Array<{ key: string; words: Map<string, number>; size: number }> | undefined;

/**
 * The license of a license file's text: the known license whose words (counted) it shares most, a
 * Sørensen–Dice score of 0.9 or more (licensee, GitHub's detector, matches near-exact texts), else `other`.
 */
export function detectLicense(text: string): string {
  known ??= Object.keys(LICENSES).map((key) => {
    const w = words(metaData().licenseBodies[key] ?? '');
    return { key, words: bag(w), size: w.length };
  });
  const mine = words(text);
  const counts = bag(mine);
  let best = { key: 'other', score: 0 };
  for (const k of known) {
    let shared = 0;
    for (const [w, n] of counts) shared += Math.min(n, k.words.get(w) ?? 0);
    const score = (2 * shared) / (mine.length + k.size || 1);
    if (score > best.score) best = { key: k.key, score };
  }
  return best.score >= 0.9 ? best.key : 'other';
}
