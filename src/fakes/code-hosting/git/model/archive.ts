import { deflateRawSync, gzipSync } from 'node:zlib';
import type { FakeResponse } from '../../../../http/response.js';
import type { RouteHandler } from '../../../service.js';
import type { GitHubRouteContext } from '../../core/context.js';
import { githubError, renderGitHubError } from '../../core/errors.js';
import { codeloadToken, onArchiveHost } from '../../core/hosts.js';
import { findRepo } from '../../core/lookup.js';
import type { CodeHostingOptions } from '../../core/options.js';
import type { CodeHostingState } from '../../state.js';
import type { RelationRepo } from '../../core/family.js';
import { getCommit, getObject, resolveCommitish, treeEntries } from '../model.js';
import type { TreeEntry } from '../state.js';

/**
 * The archive host (`codeload.github.com`, or a base URL ending in `/_codeload` on GHES): where
 * `GET /repos/{owner}/{repo}/tarball|zipball/{ref}` redirects. It answers the tree of the ref as a
 * gzipped tar or a zip, with GitHub's top directory `<owner>-<repo>-<short sha>/`. Private
 * repositories need the `token` the redirect carries.
 */

/** One entry of an archive: a directory (path ending in `/`), a file or a symlink (its target as bytes). */
export interface ArchiveEntry {
  path: string;
  kind: 'dir' | 'file' | 'symlink';
  mode: number;
  bytes: Buffer;
}

function entries(state: CodeHostingState, repo: RelationRepo, tree: string, root: string): ArchiveEntry[] {
  const out: ArchiveEntry[] = [{ path: `${root}/`, kind: 'dir', mode: 0o775, bytes: Buffer.alloc(0) }];
  const visit = (sha: string, prefix: string) => {
    const list = treeEntries(state, repo, sha);
    for (const name of Object.keys(list).sort()) {
      const e = list[name] as TreeEntry;
      const path = `${prefix}${name}`;
      if (e.type === 'tree') {
        out.push({ path: `${path}/`, kind: 'dir', mode: 0o775, bytes: Buffer.alloc(0) });
        visit(e.sha, `${path}/`);
      } else if (e.type === 'blob') {
        const o = getObject(state, repo, e.sha);
        const bytes = o?.type === 'blob' ? Buffer.from(o.content, 'base64') : Buffer.alloc(0);
        out.push({ path, kind: e.mode === '120000' ? 'symlink' : 'file', mode: e.mode === '100755' ? 0o775 : 0o664, bytes });
      }
    }
  };
  visit(tree, `${root}/`);
  return out;
}

const octal = (n: number, width: number) => `${n.toString(8).padStart(width - 1, '0')}\0`;

function tarHeader(e: ArchiveEntry, mtime: number): Buffer {
  const h = Buffer.alloc(512);
  let name = e.path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    // ustar: split at a slash so the name fits 100 bytes (the rest goes in the 155-byte prefix).
    let i = name.indexOf('/');
    while (i >= 0 && Buffer.byteLength(name.slice(i + 1)) > 100) i = name.indexOf('/', i + 1);
    if (i > 0) {
      prefix = name.slice(0, i);
      name = name.slice(i + 1);
    }
  }
  h.write(name, 0, 100, 'utf8');
  h.write(octal(e.mode, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(e.kind === 'file' ? e.bytes.length : 0, 12), 124, 'ascii');
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(e.kind === 'dir' ? '5' : e.kind === 'symlink' ? '2' : '0', 156, 'ascii');
  if (e.kind === 'symlink') h.write(e.bytes.toString('utf8'), 157, 100, 'utf8');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write('root', 265, 'ascii');
  h.write('root', 297, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** A gzipped ustar archive of the entries. */
export function tarGz(list: readonly ArchiveEntry[], mtime: number): Buffer {
  const parts: Buffer[] = [];
  for (const e of list) {
    parts.push(tarHeader(e, mtime));
    if (e.kind === 'file' && e.bytes.length > 0) parts.push(e.bytes, Buffer.alloc((512 - (e.bytes.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

const CRC = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = (CRC[(c ^ x) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip archive of the entries (deflated files, unix modes). */
export function zip(list: readonly ArchiveEntry[], mtime: number): Buffer {
  const d = new Date(mtime * 1000);
  const time = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1);
  const date = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of list) {
    const name = Buffer.from(e.path, 'utf8');
    const data = e.kind === 'dir' ? Buffer.alloc(0) : e.bytes;
    const packed = e.kind === 'dir' ? data : deflateRawSync(data);
    const method = e.kind === 'dir' ? 0 : 8;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(0x031e, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(method, 10);
    c.writeUInt16LE(time, 12);
    c.writeUInt16LE(date, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(packed.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(name.length, 28);
    const type = e.kind === 'dir' ? 0o040000 : e.kind === 'symlink' ? 0o120000 : 0o100000;
    c.writeUInt32LE((((type | e.mode) << 16) | (e.kind === 'dir' ? 0x10 : 0)) >>> 0, 38);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(list.length, 8);
  end.writeUInt16LE(list.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

function serve(ctx: GitHubRouteContext, format: 'tar' | 'zip'): FakeResponse {
  try {
    if (!onArchiveHost(ctx.req.url)) throw githubError.notFound();
    const record = findRepo(ctx.state, ctx.params.owner ?? '', ctx.params.repo ?? '');
    if (!record || (record.private && ctx.req.query.token !== codeloadToken(record.id))) throw githubError.notFound();
    const repo: RelationRepo = {
      path: `/repos/${encodeURIComponent(record.ownerLogin)}/${encodeURIComponent(record.name)}`,
      defaultBranch: record.defaultBranch,
      record,
    };
    const ref = ctx.params.ref ?? 'HEAD';
    const sha = resolveCommitish(ctx.state, repo, ref);
    const commit = sha ? getCommit(ctx.state, repo, sha) : undefined;
    if (!sha || !commit) throw githubError.notFound();
    const root = `${record.ownerLogin}-${record.name}-${sha.slice(0, 7)}`;
    const mtime = Math.floor(Date.parse(commit.committer.date) / 1000);
    const list = entries(ctx.state, repo, commit.tree, root);
    const body = format === 'tar' ? tarGz(list, mtime) : zip(list, mtime);
    const ext = format === 'tar' ? 'tar.gz' : 'zip';
    return {
      status: 200,
      body: new Uint8Array(body),
      headers: {
        'content-type': format === 'tar' ? 'application/x-gzip' : 'application/zip',
        'content-disposition': `attachment; filename=${root}.${ext}`,
      },
    };
  } catch (e) {
    return renderGitHubError(e);
  }
}

/** The archive host's answer for one format (a `raw` route of the git family, git/routes.ts). */
export function serveArchive(format: 'tar' | 'zip'): RouteHandler<CodeHostingState, CodeHostingOptions> {
  return (ctx) => serve(ctx, format);
}
