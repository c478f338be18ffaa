/**
 * Markup pieces of the live page that the server renders first and the browser renders again as
 * events arrive: the same functions on both sides. Each is self-contained (it uses only its
 * arguments and the other functions here), because the page's script embeds their source text.
 */
import type { CallSummary } from './summary.js';
import type { StateNode } from './state-tree.js';

/** Text made safe for HTML (element content and quoted attributes). */
export function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The clock time of an ISO instant (`12:34:56`), the date left to the tooltip. */
export function timeOf(iso: string): string {
  return iso.length >= 19 ? iso.slice(11, 19) : iso;
}

/** One row of the calls table. */
export function callRow(c: CallSummary): string {
  const tags = c.tags.length ? ` <span class="tag">${esc(c.tags.join(', '))}</span>` : '';
  const cls = `s${String(c.status).charAt(0)}`;
  return (
    `<tr class="call" data-seq="${c.seq}">` +
    `<td><button type="button" class="seq" aria-expanded="false" aria-controls="detail-${c.seq}" aria-label="call ${c.seq}: show request and response">${c.seq}</button></td>` +
    `<td title="${esc(c.at)}">${esc(timeOf(c.at))}</td>` +
    `<td>${esc(c.service)}</td>` +
    `<td>${esc(c.method)}</td>` +
    `<td class="path">${esc(c.path)}<span class="muted">${esc(c.search)}</span></td>` +
    `<td class="${cls}">${c.status}</td>` +
    `<td class="op">${esc(c.operation)}${tags}</td>` +
    '</tr>'
  );
}

/** One unmatched request with the routes closest to it. */
export function missItem(c: CallSummary): string {
  return `<li><code>${esc(c.method)} ${esc(c.path)}</code> <span class="muted">${esc(c.service)} #${c.seq}</span>${c.note ? `<div class="note">${esc(c.note)}</div>` : ''}</li>`;
}

/** A header list as a two-column table. */
export function headersTable(h: Record<string, string> | undefined): string {
  const rows = Object.entries(h ?? {})
    .map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join('');
  return rows ? `<table class="kv">${rows}</table>` : '<p class="muted">no headers</p>';
}

/** A body as readable text: JSON pretty-printed, text as it is. */
export function bodyText(v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
}

/** A node of a service's state tree: groups and collections expand, records show their JSON. */
export function stateNode(n: StateNode): string {
  const count = n.count !== undefined ? ` <span class="muted">(${n.count})</span>` : '';
  const label = n.label ? ` <span class="muted">${esc(n.label)}</span>` : '';
  if (!n.children) return `<details><summary>${esc(n.name)}${label}</summary><pre>${esc(bodyText(n.value))}</pre></details>`;
  const inner = n.children.map(stateNode).join('');
  const more = n.more ? `<p class="muted">and ${n.more} more</p>` : '';
  const empty = n.empty?.length ? `<p class="muted">empty: ${esc(n.empty.join(', '))}</p>` : '';
  return `<details><summary>${esc(n.name)}${count}${label}</summary><div class="tree">${inner}${more}${empty}</div></details>`;
}
