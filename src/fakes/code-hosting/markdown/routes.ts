import type { ExtraRow, FamilyRoute } from '../core/family.js';
import { githubBody } from '../core/http-helpers.js';
import { githubError } from '../core/errors.js';
import { handled } from '../core/route.js';
import { webBase } from '../core/urls.js';
import { renderMarkdown, repoContext } from './model.js';

/** `POST /markdown` and `POST /markdown/raw`: GitHub serves them, the seed's table lacks them. */
export const MARKDOWN_ROWS: ExtraRow[] = [
  { method: 'POST', path: '/markdown', operationId: 'markdown/render' },
  { method: 'POST', path: '/markdown/raw', operationId: 'markdown/render-raw' },
];

const DOCS = 'https://docs.github.com/rest/markdown/markdown#render-a-markdown-document';
const HTML = { 'content-type': 'text/html;charset=utf-8' };
const decoder = new TextDecoder();

/** Anyone may render markdown (no permission; counted against the caller's rate limit). */
export const MARKDOWN_ROUTES: FamilyRoute[] = [
  handled({
    method: 'POST',
    path: '/markdown',
    access: { permissions: [] },
    handler: (ctx) => {
      const b = githubBody(ctx);
      const body = b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
      if (typeof body.text !== 'string') throw githubError.validation([{ resource: 'Markdown', code: 'missing_field', field: 'text' }], DOCS);
      if (body.mode !== undefined && body.mode !== 'markdown' && body.mode !== 'gfm')
        throw githubError.validation([{ resource: 'Markdown', code: 'invalid', field: 'mode' }], DOCS);
      const mode = body.mode === 'gfm' ? 'gfm' : 'markdown';
      const context = mode === 'gfm' && typeof body.context === 'string' ? repoContext(ctx.state, body.context, webBase(ctx.baseUrl)) : undefined;
      return { status: 200, headers: HTML, body: renderMarkdown(body.text, mode, context) };
    },
  }),
  handled({
    method: 'POST',
    path: '/markdown/raw',
    access: { permissions: [] },
    // The body is the document itself (`text/plain` or `text/x-markdown`), rendered in `markdown` mode.
    handler: (ctx) => ({ status: 200, headers: HTML, body: renderMarkdown(decoder.decode(ctx.req.rawBody), 'markdown') }),
  }),
];
