import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialCodeHostingState } from '../state.js';
import type { RepoRecord } from './schemas/repo.js';
import type { RelationRepo } from './family.js';
import { putBlob, writeTree } from '../git/model.js';
import { EMPTY_TREE, commitBody, hashObject, tagBody, treeBody } from './hash.js';
import type { GitIdent } from '../git/state.js';
import { lineDiff } from '../git/model/diff.js';

// The oracle is real git: every sha the fake computes must be the one git computes for the same content.

let dir: string;
const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Mona Lisa',
  GIT_AUTHOR_EMAIL: 'mona@example.com',
  GIT_AUTHOR_DATE: '@1700000000 +0000',
  GIT_COMMITTER_NAME: 'Hubot',
  GIT_COMMITTER_EMAIL: 'hubot@example.com',
  GIT_COMMITTER_DATE: '@1700000100 +0000',
  GIT_CONFIG_NOSYSTEM: '1',
  HOME: '',
};
const git = (args: string[], input?: string) => execFileSync('git', args, { cwd: dir, env, input, encoding: 'utf8' }).trim();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stuntdouble-git-'));
  git(['init', '-q']);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mona: GitIdent = { name: 'Mona Lisa', email: 'mona@example.com', date: new Date(1700000000_000).toISOString() };
const hubot: GitIdent = { name: 'Hubot', email: 'hubot@example.com', date: new Date(1700000100_000).toISOString() };

describe('git object shas (against git itself)', () => {
  it('blobs: git hash-object', () => {
    for (const text of ['hello\n', '', 'ünïcödé\r\nline 2', '\u0000binary\u0001']) {
      expect(hashObject('blob', Buffer.from(text))).toBe(git(['hash-object', '--stdin'], text));
    }
  });

  it('the empty tree', () => {
    expect(hashObject('tree', treeBody({}))).toBe(git(['hash-object', '-t', 'tree', '--stdin'], ''));
    expect(EMPTY_TREE).toBe(git(['hash-object', '-t', 'tree', '--stdin'], ''));
  });

  it('trees: git mktree, entries in git order (a subtree sorts as name/)', () => {
    const a = git(['hash-object', '-w', '--stdin'], 'a\n');
    const b = git(['hash-object', '-w', '--stdin'], 'b\n');
    const sub = git(['mktree'], `100644 blob ${a}\tinner.txt\n`);
    const tree = git(['mktree'], `100644 blob ${a}\ta-b\n100755 blob ${b}\ta.b\n040000 tree ${sub}\ta\n120000 blob ${b}\tlink\n`);
    const mine = hashObject(
      'tree',
      treeBody({
        a: { mode: '040000', type: 'tree', sha: sub },
        'a.b': { mode: '100755', type: 'blob', sha: b },
        'a-b': { mode: '100644', type: 'blob', sha: a },
        link: { mode: '120000', type: 'blob', sha: b },
      }),
    );
    expect(mine).toBe(tree);
  });

  it('commits: git commit-tree (root and with a parent)', () => {
    const tree = git(['hash-object', '-t', 'tree', '--stdin'], '');
    const root = git(['commit-tree', tree, '-m', 'Initial commit']);
    const mineRoot = hashObject('commit', commitBody({ tree, parents: [], author: mona, committer: hubot, message: 'Initial commit\n' }));
    expect(mineRoot).toBe(root);
    const child = git(['commit-tree', tree, '-p', root, '-m', 'second']);
    expect(hashObject('commit', commitBody({ tree, parents: [root], author: mona, committer: hubot, message: 'second\n' }))).toBe(child);
  });

  it('annotated tags: git mktag', () => {
    const tree = git(['hash-object', '-t', 'tree', '-w', '--stdin'], '');
    const commit = git(['commit-tree', tree, '-m', 'c']);
    const tag = git(['mktag'], `object ${commit}\ntype commit\ntag v1.0.0\ntagger Mona Lisa <mona@example.com> 1700000000 +0000\n\nRelease 1\n`);
    expect(hashObject('tag', tagBody({ object: commit, type: 'commit', tag: 'v1.0.0', tagger: mona, message: 'Release 1\n' }))).toBe(tag);
  });

  it('a nested tree written by the graph equals git write-tree of the same files', () => {
    const work = join(dir, 'work');
    mkdirSync(join(work, 'docs', 'deep'), { recursive: true });
    writeFileSync(join(work, 'README.md'), '# hello\n');
    writeFileSync(join(work, 'docs', 'a.md'), 'a\n');
    writeFileSync(join(work, 'docs', 'deep', 'b.txt'), 'b\n');
    writeFileSync(join(work, 'run.sh'), '#!/bin/sh\n');
    chmodSync(join(work, 'run.sh'), 0o755);
    const gw = (args: string[]) => execFileSync('git', args, { cwd: work, env, encoding: 'utf8' }).trim();
    gw(['init', '-q']);
    gw(['add', '.']);
    const expected = gw(['write-tree']);

    const state = initialCodeHostingState();
    const record = { id: 1, createdAt: '2024-01-01T00:00:00Z' } as RepoRecord;
    const repo: RelationRepo = { path: '/repos/o/r', defaultBranch: 'main', record };
    const blob = (t: string) => putBlob(state, repo, Buffer.from(t));
    const first = writeTree(state, repo, null, [
      { path: 'README.md', entry: { mode: '100644', type: 'blob', sha: blob('# hello\n') } },
      { path: 'docs/a.md', entry: { mode: '100644', type: 'blob', sha: blob('a\n') } },
      { path: 'docs/old.md', entry: { mode: '100644', type: 'blob', sha: blob('old\n') } },
    ]);
    // A second tree on top of the first: adds deep files, removes one (as base_tree does).
    const second = writeTree(state, repo, first, [
      { path: 'docs/deep/b.txt', entry: { mode: '100644', type: 'blob', sha: blob('b\n') } },
      { path: 'run.sh', entry: { mode: '100755', type: 'blob', sha: blob('#!/bin/sh\n') } },
      { path: 'docs/old.md', entry: null },
    ]);
    expect(second).toBe(expected);
  });
});

describe('file diffs (against git diff)', () => {
  const cases: Array<[string, string]> = [
    ['one\ntwo\nthree\n', 'one\n2\nthree\n'],
    ['a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n', 'A\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM\nn\n'],
    ['x\n', 'x\ny\nz\n'],
    ['keep\ndrop\nkeep2\n', 'keep\nkeep2\n'],
    ['', 'new\nfile\n'],
    ['1\n2\n3\n4\n5\n6\n7\n8\n', '1\n2\nX\n4\n5\nY\n7\n8\n'],
  ];
  it.each(cases)('%j → %j: the hunks and counts git prints', (before, after) => {
    writeFileSync(join(dir, 'before'), before);
    writeFileSync(join(dir, 'after'), after);
    let out = '';
    try {
      execFileSync('git', ['diff', '--no-index', '--no-color', '-U3', 'before', 'after'], { cwd: dir, env, encoding: 'utf8' });
    } catch (e) {
      out = (e as { stdout: string }).stdout; // git diff --no-index exits 1 when the files differ
    }
    const hunks = out.slice(out.indexOf('@@')).replace(/\n$/, '');
    const d = lineDiff(Buffer.from(before), Buffer.from(after));
    expect(d.patch).toBe(hunks);
    expect(d.additions).toBe(hunks.split('\n').filter((l) => l.startsWith('+')).length);
    expect(d.deletions).toBe(hunks.split('\n').filter((l) => l.startsWith('-')).length);
  });
});
