/**
 * The live page at `/__stuntdouble/`: the journal as a table (rendered by the server, so the first
 * paint shows the calls already made, then kept current by the event stream), filters, each call's
 * request and response side by side, unmatched requests with their closest routes, applied scenarios,
 * active faults, the fake clock with its controls, and the state per service as a tree. Plain HTML,
 * CSS and one script over the admin API; nothing is loaded from elsewhere.
 */
import { liveClient } from './live/client.js';
import { bodyText, callRow, esc, headersTable, missItem, stateNode, timeOf } from './live/render.js';
import { LIVE_CSS } from './live/style.js';
import type { LiveData } from './live/summary.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const STATUSES = ['2xx', '3xx', '4xx', '5xx'];

// The script: the render functions and the client, from their compiled source (one definition for
// the server's first render and the browser's updates). Their names are read back, not written here:
// the bundler may rename them.
const RENDER = { esc, timeOf, callRow, missItem, headersTable, bodyText, stateNode };
const SCRIPT = `${[...Object.values(RENDER), liveClient].map(String).join('\n')}
${liveClient.name}({ ${Object.entries(RENDER)
  .map(([k, f]) => `${k}: ${f.name}`)
  .join(', ')} });`;

/** JSON inside a `<script>` element: `<` escaped so no string in it can close the element. */
function scriptJson(v: unknown): string {
  return JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const options = (values: readonly string[], all: string) =>
  `<option value="">${esc(all)}</option>${values.map((v) => `<option value="${esc(v)}">${esc(v)}</option>`).join('')}`;

/** The page, with `data` rendered into it. */
export function renderLivePage(data: LiveData): string {
  const rows = data.recent.slice().reverse().map(callRow).join('');
  const byService = new Map<string, string[]>();
  for (const s of data.scenarios ?? []) byService.set(s.service, [...(byService.get(s.service) ?? []), s.name]);
  const scenarioOptions = [...byService]
    .map(([service, names]) => `<optgroup label="${esc(service)}">${names.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join('')}</optgroup>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>stuntdouble</title>
<link rel="icon" href="data:,">
<style>${LIVE_CSS}</style>
</head>
<body>
<header>
  <h1>stuntdouble</h1>
  <span aria-live="polite"><span id="count">${data.calls}</span> calls, <span id="unmatched-count">${data.unmatched}</span> unmatched</span>
  <span class="muted" id="live">connecting…</span>
  <button id="reset" type="button">Reset</button>
  <span id="error" role="alert"></span>
</header>
<main>
  <section aria-labelledby="calls-title">
    <h2 id="calls-title">Calls</h2>
    <form id="filters" class="filters" role="search" aria-label="filter calls">
      <label>service <select name="service">${options(data.services, 'any')}</select></label>
      <label>method <select name="method">${options(METHODS, 'any')}</select></label>
      <label>status <select name="status">${options(STATUSES, 'any')}</select></label>
      <label>route <input name="route" list="routes-seen" placeholder="PUT /repos/{owner}/{repo}/import" autocomplete="off"></label>
      <label>text <input name="text" type="search" placeholder="path, operation, token…" autocomplete="off"></label>
      <datalist id="routes-seen"></datalist>
      <span id="shown" class="muted" aria-live="polite"></span>
    </form>
    <table id="calls">
      <colgroup><col class="seq"><col class="at"><col class="svc"><col class="m"><col><col class="st"><col class="op"></colgroup>
      <thead><tr><th scope="col">#</th><th scope="col">time</th><th scope="col">service</th><th scope="col">method</th><th scope="col">path</th><th scope="col">status</th><th scope="col">operation</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <p id="empty" class="muted"${rows ? ' hidden' : ''}>No calls yet. Point a client at this server; its calls appear here.</p>
    <p id="none-match" class="muted" hidden>No call matches the filters.</p>
  </section>
  <aside>
    <section aria-labelledby="clock-title">
      <h2 id="clock-title">Clock</h2>
      <p><time id="clock">${esc(data.clock.now)}</time> <span id="clock-mode" class="muted">${esc(data.clock.mode)}</span></p>
      <form id="clock-advance" class="inline"><label for="advance-by">advance by</label><input id="advance-by" value="1h" placeholder="10m, 90s, 2h, 3d, ms"><button type="submit">Advance</button></form>
      <form id="clock-set" class="inline"><label for="set-at">set to</label><input id="set-at" value="${esc(data.clock.now)}"><button type="submit">Set</button></form>
    </section>
    <section aria-labelledby="misses-title">
      <h2 id="misses-title">Unmatched requests</h2>
      <ul id="misses"></ul>
    </section>
    <section aria-labelledby="scenarios-title">
      <h2 id="scenarios-title">Scenarios</h2>
      <ul id="applied"></ul>
      <form id="apply-form">
        <label for="scenario">apply</label> <select id="scenario">${scenarioOptions}</select>
        <p id="scenario-help" class="muted"></p>
        <textarea id="scenario-options" rows="3" aria-label="scenario options (JSON)">{}</textarea>
        <button id="apply" type="submit">Apply</button>
      </form>
      <pre id="handles"></pre>
    </section>
    <section aria-labelledby="faults-title">
      <h2 id="faults-title">Active faults</h2>
      <ul id="faults"></ul>
      <p id="fault-hooks" class="muted"></p>
    </section>
    <section aria-labelledby="state-title" id="state">
      <h2 id="state-title">State</h2>
      ${data.services.map((s) => `<details data-service="${esc(s)}"><summary>${esc(s)}</summary><div class="tree"></div></details>`).join('\n      ')}
    </section>
  </aside>
</main>
<script type="application/json" id="initial">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
