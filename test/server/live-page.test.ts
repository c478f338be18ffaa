/**
 * The live page at /__stuntdouble/ in a real headless Chromium (playwright-core driving the system
 * browser): it loads, shows a call a client made, expands it, and Reset empties it.
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

describe.runIf(hasChromium && hasCurl)('live page (headless Chromium)', () => {
  let s: ServerProcess;
  let browser: Browser;
  beforeAll(async () => {
    s = await startServer();
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    expect(await s.stop()).toBe(0);
  });

  it('loads, shows a call made by curl, expands it, and Reset empties the table', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${s.url}/__stuntdouble/`);
    await expect(page.title()).resolves.toBe('stuntdouble');
    await page.locator('#empty').waitFor({ state: 'visible' });
    // The scenario list comes from the admin API.
    await page.locator('#scenario option[value="importNeedsAuth"]').waitFor({ state: 'attached' });

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
