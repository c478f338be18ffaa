import { NotInstalledError, createFakes } from 'stuntdouble';
import { request as undiciRequest } from 'undici';
import { describe, expect, it } from 'vitest';
import { httpGet, messages, watchSockets } from './helpers.js';

// Its own file: every instance created in a file guards its hosts, and this test calls them on purpose.
describe('guard', () => {
  it('a faked host called while nothing is installed is refused by every client (guard), and reported', async () => {
    const reported: NotInstalledError[] = [];
    const sockets = watchSockets();
    const fakes = createFakes({ guard: (e) => reported.push(e) });
    const viaFetch = await fetch('https://api.github.com/rate_limit').catch((e: unknown) => e);
    const viaUndici = await undiciRequest('https://api.github.com/rate_limit').catch((e: unknown) => e);
    const viaHttps = await httpGet('https://api.github.com/rate_limit').catch((e: unknown) => e);
    expect(messages(viaFetch)).toMatch(/was sent while no fakes are installed/);
    expect(viaUndici).toBeInstanceOf(NotInstalledError);
    expect(messages(viaHttps)).toMatch(/https:\/\/api\.github\.com\/rate_limit was sent while no fakes are installed/);
    expect(reported).toHaveLength(3);
    expect(fakes.errors.filter((e) => e.source === 'guard').length).toBe(reported.length);
    expect(sockets.count()).toBe(0);
    sockets.stop();
    fakes.install();
    expect((await fetch('https://api.github.com/rate_limit')).status).toBe(200);
    fakes.uninstall(); // guard reports are not internal failures of a test that installed
  });
});
