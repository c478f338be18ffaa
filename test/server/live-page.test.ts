/**
 * The live page at /__stuntdouble/ in a real headless Chromium (playwright-core driving the system
 * browser), against the built CLI with calls made by curl: the first paint shows the calls already
 * made (rendered by the server), a later call appears without a reload (server-sent events, no
 * polling), the filters narrow the table, a call opens to its request and response side by side,
 * the clock controls move the fake clock, unmatched requests, scenarios and faults are listed, the
 * state reads as a tree without secrets, and nothing scrolls sideways at 1280 pixels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, has, missing, run, startServer } from './helpers.js';

const CHROMIUM = process.env.STUNTDOUBLE_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = has(CHROMIUM);
const hasCurl = has('curl');
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Browser = import('playwright-core').Browser;
type Context = import('playwright-core').BrowserContext;
type Page = import('playwright-core').Page;

/** The server's fake clock starts here (frozen), so the page's clock has a known value. */
const START = '2024-01-01T00:00:00Z';

describe.runIf(hasChromium && hasCurl)('live page (headless Chromium)', () => {
  let s: ServerProcess;
  let browser: Browser;
  let context: Context;
  let token: string;
  const curl = async (path: string, ...args: string[]) => {
    const r = await run('curl', ['-sS', '-H', `Authorization: token ${token}`, ...args, `${s.url}${path}`]);
    expect(r.code).toBe(0);
    return r.stdout;
  };

  beforeAll(async () => {
    s = await startServer(['--clock', START]);
    const { chromium } = await import('playwright-core');
    // launch() starts Chromium on a fresh temporary profile (its own --user-data-dir), removed on close.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    expect(await s.stop()).toBe(0);
  });

  /** Elements of the calls column that reach into the side column (their text overlaps it). */
  const spill = (page: Page) =>
    page.evaluate(() => {
      const edge = (document.querySelector('main > aside') as HTMLElement).getBoundingClientRect().left;
      return [...document.querySelectorAll('main > section *')]
        .filter((e) => e.getBoundingClientRect().right > edge + 0.5)
        .map((e) => `${e.tagName.toLowerCase()} ${(e.textContent ?? '').slice(0, 40)}`);
    });

  /** A page with its errors and its requests to the admin API recorded. */
  async function open(): Promise<{ page: Page; errors: string[]; admin: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    const admin: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/__stuntdouble/')) admin.push(`${r.method()} ${u.pathname}${u.search}`);
    });
    await page.goto(`${s.url}/__stuntdouble/`);
    return { page, errors, admin };
  }

  it('shows the calls already made on first paint, then new ones live, filters, details, clock controls, lists and state', async () => {
    expect((await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' })).status).toBe(201);
    token = (await s.admin('POST', 'seed/codeHosting/token', { type: 'classic', scopes: ['repo'] })).body.result;
    expect(JSON.parse(await curl('/github/repos/octo/hello')).full_name).toBe('octo/hello');
    await curl('/github/repos/octo/hello/import', '-X', 'PUT', '-H', 'content-type: application/json', '-d', '{"vcs_url":"https://svn.example.com/app"}');
    await curl('/github/repos/octo/hello/issuez/1');
    expect((await s.admin('GET', 'health')).body.calls).toBe(3);

    // First paint: the server rendered the three calls into the page; without JavaScript they are there too.
    const html = await (await fetch(`${s.url}/__stuntdouble/`)).text();
    expect(html.match(/<tr class="call" data-seq="\d+">/g)).toHaveLength(3);
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const p = await noJs.newPage();
    await p.goto(`${s.url}/__stuntdouble/`);
    await expect(p.locator('#calls tbody tr.call').count()).resolves.toBe(3);
    await expect(p.locator('#count').textContent()).resolves.toBe('3');
    await noJs.close();
    const { page, errors, admin } = await open();
    await expect(page.title()).resolves.toBe('stuntdouble');
    const rows = page.locator('#calls tbody tr.call');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.first().textContent()).resolves.toContain('/repos/octo/hello/issuez/1');
    await page.locator('#live', { hasText: 'live' }).waitFor();

    // Live: a call made after the page loaded appears without a reload, from the event stream.
    await curl('/github/rate_limit');
    await rows.filter({ hasText: '/rate_limit' }).waitFor();
    await expect(rows.count()).resolves.toBe(4);
    await expect(page.locator('#count').textContent()).resolves.toBe('4');
    expect(admin.some((r) => r.startsWith('GET /__stuntdouble/events'))).toBe(true);
    expect(admin.filter((r) => /\/(health|calls)(\?|$)/.test(r))).toEqual([]);

    // Filters: method, status class, route, free text, service.
    const filters = page.locator('#filters');
    await filters.locator('select[name=method]').selectOption('PUT');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('/repos/octo/hello/import');
    await filters.locator('select[name=method]').selectOption('');
    await filters.locator('select[name=status]').selectOption('4xx');
    await expect(rows.allTextContents()).resolves.toEqual([expect.stringContaining('/issuez/1')]);
    await filters.locator('select[name=status]').selectOption('');
    await filters.locator('input[name=route]').fill('GET /repos/{owner}/{repo}');
    await expect(rows.count()).resolves.toBe(1);
    await filters.locator('input[name=route]').fill('');
    await filters.locator('input[name=text]').fill('rate-limit');
    await expect(rows.allTextContents()).resolves.toEqual([expect.stringContaining('/rate_limit')]);
    await filters.locator('input[name=text]').fill('');
    await filters.locator('select[name=service]').selectOption('socialGraph');
    await page.locator('#none-match').waitFor({ state: 'visible' });
    await filters.locator('select[name=service]').selectOption('codeHosting');
    await expect(rows.count()).resolves.toBe(4);

    // Detail: request and response side by side, each with its headers; the token stays redacted.
    await rows.filter({ hasText: '/repos/octo/hello/import' }).click();
    const detail = page.locator('#calls tbody tr.detail');
    await detail.waitFor({ state: 'visible' });
    const request = detail.locator('section[aria-label=request]');
    const response = detail.locator('section[aria-label=response]');
    await expect(request.textContent()).resolves.toContain(`PUT ${s.url}/github/repos/octo/hello/import`);
    await expect(request.locator('table.kv').textContent()).resolves.toContain('token [redacted]');
    await expect(request.textContent()).resolves.toContain('"vcs_url": "https://svn.example.com/app"');
    await expect(response.textContent()).resolves.toContain('201');
    await expect(response.locator('table.kv').textContent()).resolves.toContain('content-type');
    await expect(response.textContent()).resolves.toContain('"status": "detecting"');
    const [req, res] = [await request.boundingBox(), await response.boundingBox()];
    expect(req && res && res.x > req.x + req.width - 1 && Math.abs(res.y - req.y) < 2).toBe(true);
    await expect(page.locator('#calls tbody button.seq[aria-expanded=true]').count()).resolves.toBe(1);
    expect(await page.content()).not.toContain(token);

    // Unmatched requests with their closest routes.
    const misses = page.locator('#misses');
    await expect(misses.textContent()).resolves.toContain('GET /repos/octo/hello/issuez/1');
    await expect(misses.textContent()).resolves.toContain('/repos/{owner}/{repo}/issues/{issue_number}');

    // Clock controls go through the admin API; the page and GET clock agree.
    const clock = page.locator('#clock');
    await expect(clock.textContent()).resolves.toBe('2024-01-01T00:00:00.000Z');
    await page.locator('#advance-by').fill('2h');
    await page.locator('#clock-advance button').click();
    await clock.filter({ hasText: '2024-01-01T02:00:00.000Z' }).waitFor();
    expect((await s.admin('GET', 'clock')).body).toEqual({ now: '2024-01-01T02:00:00.000Z', mode: 'frozen' });
    await page.locator('#set-at').fill('2024-06-01T12:00:00Z');
    await page.locator('#clock-set button').click();
    await clock.filter({ hasText: '2024-06-01T12:00:00.000Z' }).waitFor();
    expect((await s.admin('GET', 'clock')).body.now).toBe('2024-06-01T12:00:00.000Z');
    // Moved elsewhere (the admin API), the page follows.
    await s.admin('POST', 'clock/advance', { by: '1d' });
    await clock.filter({ hasText: '2024-06-02T12:00:00.000Z' }).waitFor();

    // Scenarios applied (from the page) and faults (added over the admin API, removed from the page).
    await page.locator('#scenario').selectOption('importNeedsAuth');
    await page.locator('#scenario-options').fill('{"owner":"octo","repo":"page"}');
    await page.locator('#apply').click();
    await page.locator('#handles', { hasText: 'detection_needs_auth' }).waitFor();
    // The handles carry the scenario's token and the origin's password: the page shows them masked.
    const handles = (await page.locator('#handles').textContent()) ?? '';
    expect(handles).toContain('"password": "[redacted]"');
    expect(handles).toContain('"token": "[redacted]"');
    await page.locator('#applied', { hasText: 'importNeedsAuth' }).waitFor();
    const fault = await s.admin('POST', 'faults', { kind: 'flaky', service: 'codeHosting', failures: 1, status: 503 });
    await page.locator('#faults', { hasText: 'flaky' }).waitFor();
    await page.locator(`#faults button[data-fault="${fault.body.id}"]`).click();
    await page.locator('#faults', { hasText: 'none' }).waitFor();
    expect((await s.admin('GET', 'faults')).body).toEqual([]);

    // State: a tree per service; records by kind, indexes left out, no token.
    const ch = page.locator('#state details[data-service="codeHosting"]');
    await ch.locator('> summary').click();
    const repos = ch.locator('details', { has: page.locator('summary', { hasText: /^repos \(\d+\)/ }) }).first();
    await repos.waitFor();
    await expect(repos.locator('> summary').textContent()).resolves.toBe('repos (2)');
    await repos.locator('> summary').click();
    await expect(repos.textContent()).resolves.toContain('octo/hello');
    await expect(ch.textContent()).resolves.toContain('indexes not shown: counters');
    const tokens = ch.locator('details', { has: page.locator('summary', { hasText: /^tokens/ }) }).first();
    await tokens.locator('> summary').click();
    await tokens.locator('details > summary').first().click();
    await expect(tokens.textContent()).resolves.toContain('[redacted]');
    expect(await page.content()).not.toContain(token);

    // No sideways scroll at 1280 px, with a detail open and the state expanded; nothing spills over the side column.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await spill(page)).toEqual([]);

    // Reset empties the table (the event stream says so) and puts the clock back.
    await page.locator('#reset').click();
    await rows.first().waitFor({ state: 'detached' });
    await page.locator('#empty').waitFor({ state: 'visible' });
    await clock.filter({ hasText: '2024-01-01T00:00:00.000Z' }).waitFor();
    expect((await s.admin('GET', 'calls')).body).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits 1280 px with long paths and large bodies', async () => {
    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    token = (await s.admin('POST', 'seed/codeHosting/token', { type: 'classic', scopes: ['repo'] })).body.result;
    const long = 'a'.repeat(400);
    await curl(`/github/repos/octo/hello/contents/${long}/${long}?ref=${long}`);
    await curl('/github/repos/octo/hello/issues', '-X', 'POST', '-H', 'content-type: application/json', '-d', JSON.stringify({ title: long, body: long }));
    const { page, errors } = await open();
    for (const row of await page.locator('#calls tbody tr.call').all()) {
      await row.click();
      await page.locator('#calls tbody tr.detail').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
      expect(await spill(page)).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
if (!hasChromium) it.skip(missing(`Chromium at ${CHROMIUM}`, 'apt-get install -y chromium'), () => undefined);
if (!hasCurl) it.skip(missing('curl', 'apt-get install -y curl'), () => undefined);
