/** Page and page size of a list request (`per_page` default 30, max 100; `page` from 1). */
export interface Paging {
  page: number;
  perPage: number;
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Reads `page` / `per_page` from a query the way GitHub does (bad values fall back to defaults). */
export function parsePaging(query: Record<string, string | string[]>): Paging {
  const pp = Number.parseInt(first(query.per_page) ?? '', 10);
  const pg = Number.parseInt(first(query.page) ?? '', 10);
  return { perPage: Number.isFinite(pp) && pp > 0 ? Math.min(pp, 100) : 30, page: Number.isFinite(pg) && pg > 0 ? pg : 1 };
}

/** The `Link` header of a page: absolute URLs with rel next/last (and prev/first past page 1); '' when one page. */
export function linkHeader(url: URL, paging: Paging, total: number): string {
  const last = Math.max(1, Math.ceil(total / paging.perPage));
  const at = (page: number) => {
    const u = new URL(url.href);
    u.searchParams.set('per_page', String(paging.perPage));
    u.searchParams.set('page', String(page));
    return u.href;
  };
  const parts: string[] = [];
  if (paging.page > 1) parts.push(`<${at(paging.page - 1)}>; rel="prev"`);
  if (paging.page < last) parts.push(`<${at(paging.page + 1)}>; rel="next"`, `<${at(last)}>; rel="last"`);
  if (paging.page > 1) parts.push(`<${at(1)}>; rel="first"`);
  return parts.join(', ');
}
