import { Marked, type Tokens } from 'marked';
import { findRepo } from '../core/lookup.js';
import type { RelationRepo } from '../core/family.js';
import { branchHead } from '../git/model/heads.js';
import { walk } from '../git/model/history.js';
import type { CodeHostingState } from '../state.js';

/**
 * GitHub's markdown rendering (`POST /markdown`, `POST /markdown/raw`, `body_html`), on marked (GFM).
 * Two modes, as GitHub answers them: `markdown` (plain documents: headings carry GitHub's permalink
 * anchor, `user-content-` ids) and `gfm` (comments: block elements `dir="auto"`, and in a repository's
 * `context` a commit sha links to the commit). GitHub's own renderer adds more (mentions, issue
 * references, emoji); those are not rendered.
 */

/** What `gfm` mode links in its context repository. */
export interface MarkdownContext {
  /** `owner/repo`. */
  fullName: string;
  /** The web origin (`https://github.com`). */
  web: string;
  /** The full sha of a commit a 7–40 hex word names, if the repository has it. */
  commit(prefix: string): string | undefined;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as `-`. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

const SHA_WORD = /\b[0-9a-f]{7,40}\b/g;

function markdownMode(): Marked {
  const m = new Marked({ gfm: true });
  m.use({
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const slug = headingSlug(text);
        const anchor = `<a id="user-content-${slug}" class="anchor" href="#${slug}" aria-hidden="true"><span aria-hidden="true" class="octicon octicon-link"></span></a>`;
        return `<h${depth}>\n${anchor}${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return m;
}

function gfmMode(context: MarkdownContext | undefined): Marked {
  const m = new Marked({ gfm: true });
  m.use({
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        return `<h${depth} dir="auto">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      paragraph({ tokens }: Tokens.Paragraph) {
        return `<p dir="auto">${this.parser.parseInline(tokens)}</p>\n`;
      },
      text(token: Tokens.Text | Tokens.Escape) {
        if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
        const escaped = escapeHtml(token.text);
        if (!context) return escaped;
        return escaped.replace(SHA_WORD, (word) => {
          const sha = context.commit(word);
          if (!sha) return word;
          const url = `${context.web}/${context.fullName}/commit/${sha}`;
          return `<a class="commit-link" data-hovercard-type="commit" data-hovercard-url="${url}/hovercard" href="${url}"><tt>${word.slice(0, 7)}</tt></a>`;
        });
      },
    },
  });
  return m;
}

let plain: Marked | undefined;

/** Renders markdown as GitHub does in a mode (`gfm` answers without the last newline, as GitHub does). */
export function renderMarkdown(text: string, mode: 'markdown' | 'gfm', context?: MarkdownContext): string {
  if (mode === 'markdown') {
    plain ??= markdownMode();
    return plain.parse(text, { async: false });
  }
  return gfmMode(context).parse(text, { async: false }).replace(/\n$/, '');
}

/** How many commits back from the default branch's head a short sha is looked for. */
const SHORT_SHA_DEPTH = 200;

/** The context of a `gfm` rendering in a repository (`owner/repo`), or undefined when it does not exist. */
export function repoContext(state: CodeHostingState, fullName: string, web: string): MarkdownContext | undefined {
  const [owner, name] = fullName.split('/');
  const record = owner && name ? findRepo(state, owner, name) : undefined;
  if (!record) return undefined;
  const repo: RelationRepo = {
    path: `/repos/${encodeURIComponent(record.ownerLogin)}/${encodeURIComponent(record.name)}`,
    defaultBranch: record.defaultBranch,
    record,
  };
  return {
    fullName: `${record.ownerLogin}/${record.name}`,
    web,
    commit(prefix) {
      const head = branchHead(state.catalog, { path: repo.path, defaultBranch: record.defaultBranch, createdAt: record.createdAt }, record.defaultBranch);
      if (!head) return undefined;
      let found: string | undefined;
      let seen = 0;
      walk(state, repo, [head], (sha) => {
        if (sha.startsWith(prefix)) found = sha;
        return found === undefined && ++seen < SHORT_SHA_DEPTH;
      });
      return found;
    },
  };
}
