import { mediaTypeHeader, mediaTypeOf } from '../../core/media.js';
import type { Resource } from '../../core/catalog/state.js';
import type { CommitObject } from '../model.js';

/**
 * A commit in the text media types GitHub serves for it (`Accept: application/vnd.github.diff`, `.patch`,
 * `.sha`): the diff as `git diff` prints it, the patch as `git format-patch` does, or the sha alone.
 * Undefined for every other media type (the JSON answer).
 */
export function commitAsText(accept: string | undefined, sha: string, c: CommitObject, files: readonly Resource[]) {
  const m = mediaTypeOf(accept);
  if (m.param !== 'diff' && m.param !== 'patch' && m.param !== 'sha') return undefined;
  const headers = { 'content-type': `${m.type}; charset=utf-8`, 'x-github-media-type': mediaTypeHeader(m) };
  if (m.param === 'sha') return { status: 200, body: sha, headers };
  const diff = diffText(files);
  if (m.param === 'diff') return { status: 200, body: diff, headers };
  const [subject = '', ...rest] = c.message.split('\n');
  const body = rest.join('\n').replace(/^\n+/, '');
  const date = new Date(c.author.date).toUTCString().replace(/GMT$/, '+0000');
  const patch = [
    `From ${sha} Mon Sep 17 00:00:00 2001`,
    `From: ${c.author.name} <${c.author.email}>`,
    `Date: ${date}`,
    `Subject: [PATCH] ${subject}`,
    '',
    ...(body ? [body.trimEnd(), ''] : []),
    '---',
    '',
    diff,
  ].join('\n');
  return { status: 200, body: patch, headers };
}

/** Files of a comparison (`filename`, `status`, `patch`) as `git diff` prints them. */
export function diffText(files: readonly Resource[]): string {
  let out = '';
  for (const f of files) {
    const name = String(f.filename);
    out += `diff --git a/${name} b/${name}\n`;
    if (f.status === 'added') out += `new file mode 100644\n--- /dev/null\n+++ b/${name}\n`;
    else if (f.status === 'removed') out += `deleted file mode 100644\n--- a/${name}\n+++ /dev/null\n`;
    else out += `--- a/${name}\n+++ b/${name}\n`;
    const patch = typeof f.patch === 'string' ? f.patch : '';
    if (patch) out += patch.endsWith('\n') ? patch : `${patch}\n`;
  }
  return out;
}
