import type { Draft } from 'immer';
import { trimSlashes } from '../../../../http/router.js';
import { type OriginRecord, type OriginSeed, OriginSeedSchema, type ProjectChoice, type Vcs } from '../schemas.js';
import type { CodeHostingState } from '../../state.js';

/** Normalizes a `vcs_url` for lookups: trimmed, no trailing slash, lower-cased scheme and host. */
export function originKey(url: string): string {
  const t = trimSlashes(url.trim(), 'end');
  try {
    const u = new URL(t);
    return `${u.protocol}//${u.host.toLowerCase()}${trimSlashes(u.pathname, 'end')}${u.search}`;
  } catch {
    return t;
  }
}

/** Infers the source control type from a URL: svn → subversion, hg/mercurial → mercurial, tfs/visualstudio → tfvc, else git. */
export function inferVcs(url: string): Vcs {
  const u = url.toLowerCase();
  if (/(^svn[+:]|[/.]svn[/.]|\/svn$|svn\.)/.test(u)) return 'subversion';
  if (/(^hg[+:]|[/.]hg[/.]|\/hg$|mercurial)/.test(u)) return 'mercurial';
  if (/(tfs|visualstudio\.com|\$\/)/.test(u)) return 'tfvc';
  return 'git';
}

/** The authors a lenient (unseeded) origin reports. */
const DEFAULT_AUTHORS: Array<{ remote_id?: string; remote_name: string; email?: string; name?: string }> = [
  { remote_name: 'hubot', email: '', name: '' },
  { remote_name: 'octocat', email: 'octocat@example.com', name: 'The Octocat' },
];

function uuidLike(url: string): string {
  let h = 0x811c9dc5;
  for (const ch of url) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  const a = hex(h);
  const b = hex(Math.imul(h, 2654435761));
  const c = hex(Math.imul(h ^ 0x5bd1e995, 40503));
  const d = hex(Math.imul(h ^ 0x27d4eb2f, 2246822519));
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

/** Builds an origin record from a seed (or a lenient default for an unseeded URL). */
export function buildOrigin(input: OriginSeed): OriginRecord {
  const s = OriginSeedSchema.parse(input);
  const vcs = s.vcs ?? inferVcs(s.url);
  const repoUuid = uuidLike(s.url);
  const projects: ProjectChoice[] = s.projects.map((p) =>
    typeof p === 'string'
      ? { vcs, tfvc_project: p, human_name: `${p} (${vcs === 'tfvc' ? 'tfs' : vcs})` }
      : { vcs: p.vcs ?? vcs, tfvc_project: p.tfvc_project, human_name: p.human_name ?? `${p.tfvc_project} (${vcs === 'tfvc' ? 'tfs' : vcs})` },
  );
  const authors = (s.authors ?? DEFAULT_AUTHORS).map((a) => {
    // Systems with only a username get a generated address, like the real importer (remote_name@<repo uuid>).
    const generated = `${a.remote_name}@${repoUuid}`;
    return {
      remote_id: a.remote_id ?? generated,
      remote_name: a.remote_name,
      email: a.email || generated,
      name: a.name || a.remote_name,
    };
  });
  let n = 0;
  const largeFiles = s.largeFiles.map((f) => {
    n += 1;
    return { path: f.path, size: f.size, ref_name: f.ref_name, oid: f.oid ?? uuidLike(`${s.url}#${f.path}#${n}`).replace(/-/g, '') };
  });
  return {
    url: s.url,
    exists: s.exists,
    vcs,
    requiresAuth: s.requiresAuth,
    credentials: s.credentials ?? null,
    projects,
    authors,
    largeFiles,
    commitCount: s.commitCount,
    branches: s.branches,
    failAt: s.failAt ?? null,
    errorMessage: s.errorMessage ?? null,
  };
}

/** Seeds (or replaces) the origin at a URL. */
export function seedOrigin(draft: Draft<CodeHostingState>, input: OriginSeed): OriginRecord {
  const rec = buildOrigin(input);
  draft.origins[originKey(rec.url)] = rec;
  return rec;
}

/**
 * What lives at a URL: the seeded origin, else (lenient auth) a public origin with default authors,
 * else (strict auth) nothing.
 */
export function lookupOrigin(state: CodeHostingState | Draft<CodeHostingState>, url: string, lenient: boolean): OriginRecord | null {
  const seeded = state.origins[originKey(url)] as OriginRecord | undefined;
  if (seeded) return seeded;
  return lenient ? buildOrigin({ url }) : null;
}

/** Files over 100MB count as large files (100 * 1024 * 1024 bytes). */
export const LARGE_FILE_BYTES = 100 * 1024 * 1024;
