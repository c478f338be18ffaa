/**
 * The live page's script, run in the browser. The page embeds this function's source and passes it
 * the render functions, so it must use nothing from outside but its argument and the DOM: no imports
 * at run time (the types below are erased).
 */
import type { CallSummary, LiveData } from './summary.js';
import type { StateNode } from './state-tree.js';
import type * as Render from './render.js';

/** The functions of render.ts the script uses (the page declares them next to it and passes them in). */
export type RenderFunctions = Pick<typeof Render, 'esc' | 'callRow' | 'missItem' | 'headersTable' | 'bodyText' | 'stateNode'>;

interface FullCall extends CallSummary {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  response: { headers: Record<string, string>; body: unknown };
  error?: { message: string; stack?: string };
}

/** Starts the page: reads the data the server rendered it with, then follows the event stream. */
export function liveClient(render: RenderFunctions): void {
  const { esc, callRow, missItem, headersTable, bodyText, stateNode } = render;
  const MAX_ROWS = 1000;
  const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
  const data = JSON.parse(($('initial').textContent as string) || '{}') as LiveData;
  let rows: CallSummary[] = data.recent;
  let epoch = data.epoch;
  let lastSeq = data.lastSeq;
  let calls = data.calls;
  let unmatched = data.unmatched;
  let clock = { now: data.clock.now, mode: data.clock.mode, at: Date.now() };
  const tbody = $('calls').querySelector('tbody') as HTMLTableSectionElement;
  const form = $<HTMLFormElement>('filters');
  const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement).value.trim();
  const inputValue = (id: string) => $<HTMLInputElement>(id).value.trim();
  const routesSeen = new Set<string>();

  const api = async (path: string, init: RequestInit = {}): Promise<unknown> => {
    const res = await fetch(`/__stuntdouble/${path}`, {
      ...init,
      headers: init.method && init.method !== 'GET' ? { 'content-type': 'application/json' } : {},
    });
    const body = (await res.json().catch(() => undefined)) as { error?: { message: string } } | undefined;
    if (!res.ok) throw new Error(body?.error?.message ?? `${res.status} ${res.statusText}`);
    return body;
  };
  const post = (path: string, body: unknown = {}, method = 'POST') => api(path, { method, body: JSON.stringify(body) });
  const report = (e: unknown) => {
    $('error').textContent = e ? String((e as Error).message ?? e) : '';
  };
  const act = (fn: () => Promise<unknown>) => () => {
    fn().then(() => report(null), report);
  };

  // Filters: service, method, status class or code, route, free text.
  const matches = (c: CallSummary): boolean => {
    const service = field('service');
    const method = field('method');
    const status = field('status');
    const route = field('route').toLowerCase();
    const text = field('text').toLowerCase();
    if (service && c.service !== service) return false;
    if (method && c.method !== method) return false;
    if (status && !(status.endsWith('xx') ? String(c.status).charAt(0) === status.charAt(0) : String(c.status) === status)) return false;
    if (route && !`${c.method} ${c.route ?? ''}`.toLowerCase().includes(route)) return false;
    if (text) {
      const hay = [c.seq, c.method, c.path + c.search, c.status, c.operation, c.route, c.service, c.token, c.note, c.tags.join(' ')].join(' ').toLowerCase();
      if (!hay.includes(text)) return false;
    }
    return true;
  };

  const renderCounts = () => {
    $('count').textContent = String(calls);
    $('unmatched-count').textContent = String(unmatched);
    const shown = tbody.querySelectorAll('tr.call').length;
    const of = calls > rows.length ? ` of the last ${rows.length}` : ` of ${rows.length}`;
    $('shown').textContent = shown === rows.length && calls <= rows.length ? `${shown} shown` : `${shown}${of} shown`;
    $('empty').hidden = rows.length > 0;
    $('none-match').hidden = rows.length === 0 || shown > 0;
  };

  const noteRoute = (c: CallSummary) => {
    if (!c.route) return;
    const key = `${c.method} ${c.route}`;
    if (routesSeen.has(key)) return;
    routesSeen.add(key);
    const o = document.createElement('option');
    o.value = key;
    $('routes-seen').append(o);
  };

  const renderTable = () => {
    const open = tbody.querySelector('tr.detail') as HTMLElement | null;
    const openSeq = open?.dataset.seq;
    tbody.innerHTML = rows.filter(matches).reverse().map(callRow).join('');
    if (openSeq) toggleDetail(openSeq).catch(report);
    renderCounts();
  };

  const addCall = (c: CallSummary) => {
    if (c.seq <= lastSeq && rows.some((r) => r.seq === c.seq)) return;
    rows.push(c);
    lastSeq = c.seq;
    calls += 1;
    if (c.operation === 'unmatched') {
      unmatched += 1;
      scheduleRefresh();
    }
    noteRoute(c);
    if (rows.length > MAX_ROWS) {
      const gone = rows.splice(0, rows.length - MAX_ROWS);
      for (const g of gone) tbody.querySelector(`tr[data-seq="${g.seq}"]`)?.remove();
    }
    if (matches(c)) tbody.insertAdjacentHTML('afterbegin', callRow(c));
    setClock({ now: c.at, mode: clock.mode });
    renderCounts();
    scheduleState();
  };

  // The detail row: request and response side by side, with their headers.
  const toggleDetail = async (seq: string) => {
    const row = tbody.querySelector(`tr.call[data-seq="${seq}"]`) as HTMLTableRowElement | null;
    if (!row) return;
    const button = row.querySelector('button.seq') as HTMLButtonElement;
    const next = row.nextElementSibling as HTMLElement | null;
    if (next?.classList.contains('detail')) {
      next.remove();
      button.setAttribute('aria-expanded', 'false');
      return;
    }
    for (const d of tbody.querySelectorAll('tr.detail')) d.remove();
    for (const b of tbody.querySelectorAll('button.seq[aria-expanded="true"]')) b.setAttribute('aria-expanded', 'false');
    const c = (await api(`calls/${seq}`)) as FullCall;
    const tr = document.createElement('tr');
    tr.className = 'detail';
    tr.dataset.seq = seq;
    tr.id = `detail-${seq}`;
    const reqBody = bodyText(c.body);
    const resBody = bodyText(c.response.body);
    tr.innerHTML =
      `<td colspan="7"><div class="sides">` +
      `<section aria-label="request"><h3>Request</h3><p class="line"><code>${esc(c.method)} ${esc(c.url)}</code></p>` +
      `<p class="muted">route ${esc(c.route ?? 'none')} · operation ${esc(c.operation)}${c.token ? ` · token ${esc(c.token)}` : ''}</p>` +
      `${headersTable(c.headers)}${reqBody ? `<pre>${esc(reqBody)}</pre>` : '<p class="muted">no body</p>'}</section>` +
      `<section aria-label="response"><h3>Response</h3><p class="line"><code class="s${String(c.status).charAt(0)}">${c.status}</code></p>` +
      `${headersTable(c.response.headers)}${resBody ? `<pre>${esc(resBody)}</pre>` : '<p class="muted">no body</p>'}` +
      `${c.note ? `<p class="note">${esc(c.note)}</p>` : ''}${c.error ? `<pre class="s5">${esc(c.error.stack ?? c.error.message)}</pre>` : ''}</section>` +
      `</div></td>`;
    row.after(tr);
    button.setAttribute('aria-expanded', 'true');
  };
  tbody.addEventListener('click', (e) => {
    const row = (e.target as HTMLElement).closest('tr.call') as HTMLElement | null;
    if (row?.dataset.seq) toggleDetail(row.dataset.seq).then(() => report(null), report);
  });

  // The clock: frozen clocks show their instant; running ones tick here between updates.
  const setClock = (c: { now: string; mode: string }) => {
    clock = { now: c.now, mode: c.mode, at: Date.now() };
    showClock();
  };
  const showClock = () => {
    const ms = Date.parse(clock.now) + (clock.mode === 'frozen' ? 0 : Date.now() - clock.at);
    $('clock').textContent = Number.isNaN(ms) ? clock.now : new Date(ms).toISOString();
    $('clock-mode').textContent = clock.mode;
  };
  setInterval(() => {
    if (clock.mode !== 'frozen') showClock();
  }, 1000);
  $('clock-advance').addEventListener('submit', (e) => {
    e.preventDefault();
    act(async () => setClock((await post('clock/advance', { by: inputValue('advance-by') })) as typeof clock))();
  });
  $('clock-set').addEventListener('submit', (e) => {
    e.preventDefault();
    act(async () => setClock((await post('clock/set', { at: inputValue('set-at') })) as typeof clock))();
  });

  // Unmatched requests, applied scenarios and active faults: fetched again after a change.
  const renderSide = (d: LiveData) => {
    calls = d.calls;
    unmatched = d.unmatched;
    setClock(d.clock);
    $('misses').innerHTML = d.misses.length ? d.misses.slice().reverse().map(missItem).join('') : '<li class="muted">none</li>';
    $('applied').innerHTML = d.applied.length
      ? d.applied
          .map(
            (a) =>
              `<li><strong>${esc(a.name)}</strong> <span class="muted">${esc(a.service)}, after call ${a.afterSeq}</span>${
                a.options && Object.keys(a.options as object).length ? `<pre>${esc(JSON.stringify(a.options))}</pre>` : ''
              }</li>`,
          )
          .join('')
      : '<li class="muted">none since the last reset</li>';
    $('faults').innerHTML =
      d.faults
        .map(
          (f) =>
            `<li><strong>${esc(f.scenario)}</strong> #${f.id}${f.hits !== undefined ? ` <span class="muted">hits ${esc(f.hits)}</span>` : ''} ` +
            `<button type="button" data-fault="${f.id}">Remove</button><pre>${esc(JSON.stringify(f.options))}</pre></li>`,
        )
        .join('') || '<li class="muted">none</li>';
    const other = d.faultHooks - d.faults.length;
    $('fault-hooks').textContent = other > 0 ? `${other} more applied in-process` : '';
    renderCounts();
  };
  renderSide(data);
  $('faults').addEventListener('click', (e) => {
    const id = (e.target as HTMLElement).dataset.fault;
    if (id) act(() => api(`faults/${id}`, { method: 'DELETE' }))();
  });
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  const refresh = async () => renderSide((await api('live')) as LiveData);
  const scheduleRefresh = () => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => refresh().catch(report), 150);
  };

  // The state, per service: loaded when opened, kept current while open.
  const loadState = async (d: HTMLDetailsElement) => {
    const tree = (await api(`state/${d.dataset.service}?view=tree`)) as StateNode;
    const body = d.querySelector('.tree') as HTMLElement;
    const open = new Set([...body.querySelectorAll('details[open] > summary')].map((s) => s.textContent));
    body.innerHTML =
      (tree.children ?? []).map(stateNode).join('') +
      (tree.empty?.length ? `<p class="muted">empty: ${esc(tree.empty.join(', '))}</p>` : '') +
      (tree.hidden?.length ? `<p class="muted">indexes not shown: ${esc(tree.hidden.join(', '))}</p>` : '');
    for (const s of body.querySelectorAll('details > summary')) if (open.has(s.textContent)) (s.parentElement as HTMLDetailsElement).open = true;
  };
  const services = [...document.querySelectorAll<HTMLDetailsElement>('#state details[data-service]')];
  for (const d of services) d.addEventListener('toggle', () => d.open && loadState(d).catch(report));
  let stateTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleState = () => {
    clearTimeout(stateTimer);
    stateTimer = setTimeout(() => {
      for (const d of services) if (d.open) loadState(d).catch(report);
    }, 300);
  };

  // Scenarios: the list, applying one with options, its handles.
  const select = $<HTMLSelectElement>('scenario');
  const describe = () => {
    const s = data.scenarios?.find((x) => x.name === select.value);
    $('scenario-help').textContent = s ? s.description : '';
  };
  select.addEventListener('change', describe);
  describe();
  $('apply-form').addEventListener('submit', (e) => {
    e.preventDefault();
    act(async () => {
      const text = $<HTMLTextAreaElement>('scenario-options').value.trim() || '{}';
      // Handles may hold a token or a password: asked for under the journal's redaction rule.
      const out = await api(`scenarios/${encodeURIComponent(select.value)}?view=redacted`, { method: 'POST', body: text });
      $('handles').textContent = JSON.stringify(out, null, 2);
    })();
  });
  $('reset').addEventListener(
    'click',
    act(() => post('reset')),
  );

  // Filters apply at once.
  form.addEventListener('input', renderTable);
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const c of rows) noteRoute(c);
  renderCounts();

  // The event stream: calls as they are recorded, resets, changes made through the admin API.
  const events = new EventSource(`/__stuntdouble/events?after=${lastSeq}&epoch=${epoch}`);
  events.addEventListener('hello', (e) => {
    const h = JSON.parse((e as MessageEvent).data) as { epoch: number; clock: typeof clock };
    epoch = h.epoch;
    setClock(h.clock);
    $('live').textContent = 'live';
  });
  events.addEventListener('call', (e) => addCall(JSON.parse((e as MessageEvent).data) as CallSummary));
  events.addEventListener('reset', () => {
    rows = [];
    lastSeq = 0;
    calls = 0;
    unmatched = 0;
    $('handles').textContent = '';
    renderTable();
    scheduleRefresh();
    scheduleState();
  });
  events.addEventListener('change', (e) => {
    setClock((JSON.parse((e as MessageEvent).data) as { clock: typeof clock }).clock);
    scheduleRefresh();
    scheduleState();
  });
  events.addEventListener('clock', (e) => setClock(JSON.parse((e as MessageEvent).data) as typeof clock));
  events.addEventListener('error', () => {
    $('live').textContent = 'reconnecting…';
  });
}
