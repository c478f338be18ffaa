/**
 * The live page at /__stuntdouble/ in a real headless Chromium (playwright-core driving the system
 * browser): it loads, shows a call a client made, expands it, shows the state per service and the
 * fake clock (which moves when the clock is advanced over the admin API), and Reset empties it.
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

/** The server's fake clock starts here (frozen), so the page's clock has a known value. */
const START = '2024-01-01T00:00:00Z';
const SERVICES = ['codeHosting', 'socialGraph', 'modelCache'];

describe.runIf(hasChromium && hasCurl)('live page (headless Chromium)', () => {
  let s: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    s = await startServer(['--clock', START]);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    expect(await s.stop()).toBe(0);
  });

  it('loads, shows a call made by curl, the state per service and the clock, and Reset empties the table', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${s.url}/__stuntdouble/`);
    await expect(page.title()).resolves.toBe('stuntdouble');
    await page.locator('#empty').waitFor({ state: 'visible' });
    // The scenario list comes from the admin API.
    await page.locator('#scenario option[value="importNeedsAuth"]').waitFor({ state: 'attached' });
    // The fake clock, as the server was started with it.
    const clock = page.locator('#clock');
    await clock.filter({ hasText: '2024-01-01T00:00:00.000Z' }).waitFor();
    await expect(page.locator('#clock-mode').textContent()).resolves.toBe('frozen');
    // One state panel per service, each opening to that service's state.
    const panels = page.locator('#state details[data-service]');
    await expect(panels.locator('summary').allTextContents()).resolves.toEqual(SERVICES);
    const codeHostingState = page.locator('#state details[data-service="codeHosting"] pre');

    await s.admin('POST', 'seed/codeHosting/repo', { owner: 'octo', repo: 'hello' });
    const r = await run('curl', ['-sS', '-H', 'Authorization: token t', `${s.url}/github/repos/octo/hello`]);
    expect(JSON.parse(r.stdout).full_name).toBe('octo/hello');

    const row = page.locator('#calls tbody tr.call');
    await row.first().waitFor({ state: 'visible' });
    await expect(row.count()).resolves.toBe(1);
    const text = await row.first().innerText();
    expect(text).toContain('GET');
    expect(text).toContain('/repos/octo/hello');
    expect(text).toContain('200');
    expect(text).toContain('codeHosting');
    await expect(page.locator('#count').innerText()).resolves.toBe('1');

    // The code hosting panel shows the repository the seed call made; the others their own state.
    await page.locator('#state details[data-service="codeHosting"] summary').click();
    await codeHostingState.filter({ hasText: '"name": "hello"' }).waitFor();
    expect(JSON.parse((await codeHostingState.textContent()) ?? '')).toEqual((await s.admin('GET', 'state/codeHosting')).body);
    await page.locator('#state details[data-service="socialGraph"] summary').click();
    const graphState = page.locator('#state details[data-service="socialGraph"] pre');
    await graphState.filter({ hasText: '{' }).waitFor();
    expect(JSON.parse((await graphState.textContent()) ?? '')).toEqual((await s.admin('GET', 'state/socialGraph')).body);
    expect(await graphState.textContent()).not.toContain('"hello"');

    // Advancing the fake clock over the admin API moves the page's clock.
    expect((await s.admin('POST', 'clock/advance', { by: '2h' })).body.now).toBe('2024-01-01T02:00:00.000Z');
    await clock.filter({ hasText: '2024-01-01T02:00:00.000Z' }).waitFor();
    await expect(clock.textContent()).resolves.toBe('2024-01-01T02:00:00.000Z');

    await row.first().click();
    const detail = page.locator('#calls tbody tr.detail');
    await detail.waitFor({ state: 'visible' });
    const detailText = await detail.innerText();
    expect(detailText).toContain(`GET ${s.url}/github/repos/octo/hello`);
    expect(detailText).toContain('"full_name": "octo/hello"');
    expect(detailText).not.toContain('token t"');

    await page.locator('#reset').click();
    await row.first().waitFor({ state: 'detached' });
    await expect(row.count()).resolves.toBe(0);
    await page.locator('#empty').waitFor({ state: 'visible' });
    expect((await s.admin('GET', 'calls')).body).toEqual([]);
    // Reset puts the clock back to its start and empties the state the page shows.
    await clock.filter({ hasText: '2024-01-01T00:00:00.000Z' }).waitFor();
    await codeHostingState.filter({ hasText: '"name": "hello"' }).waitFor({ state: 'detached' });
    await expect(codeHostingState.textContent()).resolves.not.toContain('"name": "hello"');

    // Applying a scenario from the page reaches the fakes (and answers its handles on the page).
    await page.locator('#scenario').selectOption('importNeedsAuth');
    await page.locator('#scenario-options').fill('{"owner":"octo","repo":"page"}');
    await page.locator('#apply').click();
    await page.locator('#handles', { hasText: 'detection_needs_auth' }).waitFor();
    expect((await s.admin('GET', 'applied')).body.map((a: { name: string }) => a.name)).toEqual(['importNeedsAuth']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
if (!hasChromium) it.skip(missing(`Chromium at ${CHROMIUM}`, 'apt-get install -y chromium'), () => undefined);
if (!hasCurl) it.skip(missing('curl', 'apt-get install -y curl'), () => undefined);
