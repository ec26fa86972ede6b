import { describe, expect, it } from 'vitest';
import { measureFirstLoad } from './support/firstLoad';
import { browserSuite } from './support/suite';

const app = browserSuite();

describe('the login page’s first load (issue #12 item 13)', () => {
  it('loads at most 150 kB of JavaScript (gzip), sent brotli-compressed and cached as immutable', async () => {
    const load = await measureFirstLoad(app.browser, app.server.url);
    expect(load.scripts.length).toBeGreaterThan(0);
    expect(load.gzip).toBeLessThanOrEqual(150_000);
    // The chunks worth compressing came compressed; the browser asked for brotli.
    for (const script of load.scripts.filter((s) => s.raw > 2000)) {
      expect(script.encoding, script.url).toBe('br');
      expect(script.wire, script.url).toBeLessThan(script.raw / 2);
    }
    // The pages behind the sign-in are not part of it.
    const names = load.scripts.map((s) => s.url).join(' ');
    expect(names).not.toMatch(/MainLayout|ExamListPage|ReadPaperPage|axios/);
    expect(load.firstContentfulPaint).toBeGreaterThan(0);
  });

  it('answers the HTML with no-cache and a hashed script with a year of immutable caching', async () => {
    const html = await fetch(`${app.server.url}/login`);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeDefined();
    const res = await fetch(`${app.server.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });
});
