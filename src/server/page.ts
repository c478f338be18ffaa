/**
 * The live page at `/__stuntdouble/`: the journal as a table that updates, each call expandable to
 * its request and answer, the state per service, the clock, and buttons for reset and scenarios.
 * Plain HTML and a little script over the admin API; nothing to build, nothing loaded from elsewhere.
 */
export const LIVE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>stuntdouble</title>
<style>
  :root { font-family: system-ui, sans-serif; font-size: 14px; color: #1d1d1f; }
  body { margin: 0; }
  header { display: flex; gap: 1.5rem; align-items: center; flex-wrap: wrap; padding: .6rem 1rem; background: #f2f2f5; border-bottom: 1px solid #ddd; }
  header h1 { font-size: 1.1rem; margin: 0; }
  main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 1fr); gap: 1rem; padding: 1rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
  tr.call { cursor: pointer; }
  tr.call:hover { background: #f7f7fa; }
  tr.detail td { background: #fafafa; }
  .s2 { color: #1a7f37; } .s3 { color: #0550ae; } .s4 { color: #9a6700; } .s5 { color: #cf222e; }
  pre { white-space: pre-wrap; word-break: break-all; margin: .25rem 0; font-size: 12px; max-height: 24rem; overflow: auto; }
  section h2 { font-size: 1rem; margin: .5rem 0; }
  textarea { width: 100%; font-family: monospace; }
  .muted { color: #6e6e73; }
  #error { color: #cf222e; }
</style>
</head>
<body>
<header>
  <h1>stuntdouble</h1>
  <span>clock: <code id="clock">…</code> <span id="clock-mode" class="muted"></span></span>
  <span><span id="count">0</span> calls, <span id="unmatched">0</span> unmatched</span>
  <button id="reset" type="button">Reset</button>
  <span id="error" role="alert"></span>
</header>
<main>
  <section>
    <h2>Calls</h2>
    <table id="calls">
      <thead><tr><th>#</th><th>at</th><th>service</th><th>method</th><th>path</th><th>status</th><th>operation</th></tr></thead>
      <tbody></tbody>
    </table>
    <p id="empty" class="muted">No calls yet. Point a client at this server; its calls appear here.</p>
  </section>
  <aside>
    <section>
      <h2>Scenario</h2>
      <select id="scenario"></select>
      <p id="scenario-help" class="muted"></p>
      <textarea id="scenario-options" rows="4" aria-label="scenario options (JSON)">{}</textarea>
      <button id="apply" type="button">Apply</button>
      <pre id="handles"></pre>
    </section>
    <section>
      <h2>State</h2>
      <div id="state"></div>
    </section>
  </aside>
</main>
<script>
(() => {
  const api = (p, init) => fetch('/__stuntdouble/' + p, init).then(async (r) => {
    const body = await r.json();
    if (!r.ok) throw new Error(body && body.error ? body.error.message : r.status + ' ' + r.statusText);
    return body;
  });
  const $ = (id) => document.getElementById(id);
  const tbody = document.querySelector('#calls tbody');
  let lastSeq = 0;
  let rows = 0;
  const MAX_ROWS = 500;
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const pretty = (v) => v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2);
  const showError = (e) => { $('error').textContent = e ? String(e.message || e) : ''; };

  function addCall(c) {
    const tr = document.createElement('tr');
    tr.className = 'call';
    tr.dataset.seq = c.seq;
    tr.innerHTML = '<td>' + c.seq + '</td><td>' + esc(c.at.slice(11, 19)) + '</td><td>' + esc(c.service) + '</td><td>' + esc(c.method) +
      '</td><td>' + esc(c.path) + '</td><td class="s' + String(c.status)[0] + '">' + c.status + '</td><td>' + esc(c.operation) +
      (c.tags && c.tags.length ? ' <span class="muted">{' + esc(c.tags.join(',')) + '}</span>' : '') + '</td>';
    tr.addEventListener('click', () => {
      const next = tr.nextElementSibling;
      if (next && next.classList.contains('detail')) { next.remove(); return; }
      const d = document.createElement('tr');
      d.className = 'detail';
      d.innerHTML = '<td colspan="7"><strong>Request</strong> ' + esc(c.method + ' ' + c.url) +
        '<pre>' + esc(pretty(c.headers)) + '</pre>' + (c.body === undefined ? '' : '<pre>' + esc(pretty(c.body)) + '</pre>') +
        '<strong>Response</strong> ' + c.status + '<pre>' + esc(pretty(c.response.headers)) + '</pre><pre>' + esc(pretty(c.response.body)) + '</pre>' +
        (c.note ? '<p class="muted">' + esc(c.note) + '</p>' : '') + (c.error ? '<pre class="s5">' + esc(c.error.stack || c.error.message) + '</pre>' : '') + '</td>';
      tr.after(d);
    });
    tbody.prepend(tr);
    rows += 1;
    while (rows > MAX_ROWS) { const last = tbody.lastElementChild; if (last.classList.contains('detail')) last.remove(); tbody.lastElementChild.remove(); rows -= 1; }
  }

  function clearCalls() { tbody.innerHTML = ''; rows = 0; lastSeq = 0; }

  async function refreshState() {
    const box = $('state');
    for (const name of ['codeHosting', 'socialGraph', 'modelCache']) {
      let d = box.querySelector('details[data-service="' + name + '"]');
      if (!d) {
        d = document.createElement('details');
        d.dataset.service = name;
        d.innerHTML = '<summary>' + name + '</summary><pre></pre>';
        d.addEventListener('toggle', () => { if (d.open) refreshState().catch(showError); });
        box.append(d);
      }
      if (d.open) d.querySelector('pre').textContent = JSON.stringify(await api('state/' + name), null, 2);
    }
  }

  async function tick() {
    try {
      const h = await api('health');
      $('clock').textContent = h.clock.now;
      $('clock-mode').textContent = h.clock.mode;
      $('unmatched').textContent = h.unmatched;
      if (h.lastSeq < lastSeq) clearCalls();
      if (h.lastSeq > lastSeq) {
        const calls = await api('calls?since=' + lastSeq + '&limit=' + MAX_ROWS);
        for (const c of calls) { addCall(c); lastSeq = c.seq; }
        await refreshState();
      }
      $('count').textContent = h.calls;
      $('empty').hidden = rows > 0;
      showError(null);
    } catch (e) { showError(e); }
  }

  $('reset').addEventListener('click', async () => {
    try { await api('reset', { method: 'POST' }); clearCalls(); $('handles').textContent = ''; await tick(); await refreshState(); } catch (e) { showError(e); }
  });

  api('scenarios').then((list) => {
    const sel = $('scenario');
    for (const s of list) { const o = document.createElement('option'); o.value = s.name; o.textContent = s.name + ' (' + s.service + ')'; o.title = s.description; sel.append(o); }
    const help = () => { const s = list.find((x) => x.name === sel.value); $('scenario-help').textContent = s ? s.description + ' Handles: ' + s.handles : ''; };
    sel.addEventListener('change', help);
    help();
  }).catch(showError);

  $('apply').addEventListener('click', async () => {
    try {
      const text = $('scenario-options').value.trim() || '{}';
      const out = await api('scenarios/' + encodeURIComponent($('scenario').value), { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
      $('handles').textContent = JSON.stringify(out, null, 2);
      await refreshState();
      showError(null);
    } catch (e) { showError(e); }
  });

  refreshState().catch(showError);
  tick();
  setInterval(tick, 700);
})();
</script>
</body>
</html>
`;
