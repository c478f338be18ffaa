import { gzipSync } from 'node:zlib';

/**
 * Byte-exact, deterministic archives for the redirect targets of tarball/zipball (GitHub's archive
 * host) and of workflow logs and artifacts (GitHub's log host): a gzip'd POSIX tar and a stored
 * (uncompressed) zip, both readable by `tar`, `unzip` and every archive library. Same input, same
 * bytes: the modification time comes from the caller (the fake clock), never from the system.
 */

/** One file of an archive: its path inside the archive and its text or bytes. A path ending in `/` is a directory. */
export interface ArchiveEntry {
  path: string;
  content?: string | Uint8Array;
}

const bytesOf = (c: string | Uint8Array | undefined) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c ?? new Uint8Array()));

let crcTable: Uint32Array | undefined;
/** CRC-32 (IEEE 802.3), as zip stores it. */
export function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of data) crc = (crcTable[(crc ^ b) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// ---------- tar (ustar, with git archive's pax global header carrying the commit id) ----------

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\0`;
}

function tarHeader(name: string, size: number, mtime: number, type: '0' | '5' | 'g'): Buffer {
  const h = Buffer.alloc(512);
  // Names over 100 bytes go in the ustar prefix field (split at a slash).
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  h.write(base, 0, 100, 'utf8');
  h.write(octal(type === '5' ? 0o775 : 0o664, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\u000000', 257, 'binary');
  h.write('root', 265, 'ascii');
  h.write('root', 297, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const pad512 = (n: number) => Buffer.alloc((512 - (n % 512)) % 512);

/**
 * A gzip'd tar of the entries, as `git archive --format=tar.gz` writes it: a pax global header whose
 * `comment` is the commit id, then the entries.
 */
export function tarGz(entries: readonly ArchiveEntry[], opts: { mtime: number; comment?: string }): Uint8Array {
  const parts: Buffer[] = [];
  if (opts.comment) {
    const rec = (k: string, v: string) => {
      const body = ` ${k}=${v}\n`;
      let len = body.length + 2;
      if (`${len}${body}`.length !== len) len = `${len}${body}`.length;
      return `${len}${body}`;
    };
    const pax = Buffer.from(rec('comment', opts.comment), 'utf8');
    parts.push(tarHeader('pax_global_header', pax.length, opts.mtime, 'g'), pax, pad512(pax.length));
  }
  for (const e of entries) {
    const dir = e.path.endsWith('/');
    const data = dir ? Buffer.alloc(0) : bytesOf(e.content);
    parts.push(tarHeader(e.path, data.length, opts.mtime, dir ? '5' : '0'), data, pad512(data.length));
  }
  parts.push(Buffer.alloc(1024));
  // Level and header fixed (no file name, mtime 0 in the gzip header): the same bytes on every run.
  return new Uint8Array(gzipSync(Buffer.concat(parts), { level: 6 }));
}

// ---------- zip (stored entries, the commit id as the archive comment, as git archive does) ----------

function dosTime(ms: number): { time: number; date: number } {
  const d = new Date(ms);
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** A zip of the entries, stored without compression; `comment` (the commit id) as the archive comment. */
export function zip(entries: readonly ArchiveEntry[], opts: { mtime: number; comment?: string }): Uint8Array {
  const { time, date } = dosTime(opts.mtime * 1000);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.path, 'utf8');
    const data = e.path.endsWith('/') ? Buffer.alloc(0) : bytesOf(e.content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x031e, 4); // made by Unix, spec 3.0
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((e.path.endsWith('/') ? 0o40775 : 0o100664) * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const comment = Buffer.from(opts.comment ?? '', 'utf8');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return new Uint8Array(Buffer.concat([...locals, cd, end, comment]));
}
