import { request } from 'node:http';
import type { Browser } from 'playwright-core';

/** One script the login page loaded. */
export interface LoadedScript {
  url: string;
  /** Bytes of the script itself (uncompressed). */
  raw: number;
  /** Bytes on the wire as the browser got it (its `content-encoding`). */
  wire: number;
  encoding: string;
  /** Bytes of the server's gzip copy (asked for with `Accept-Encoding: gzip`). */
  gzip: number;
}

export interface FirstLoad {
  scripts: LoadedScript[];
  raw: number;
  wire: number;
  gzip: number;
  /** `first-paint` and `first-contentful-paint` of the page, in ms from navigation start. */
  firstPaint: number;
  firstContentfulPaint: number;
}

/**
 * Loads `/login` cold (a fresh browser context: empty cache) and measures the JavaScript it
 * loads before the sign-in form shows, and its first paint.
 */
export async function measureFirstLoad(browser: Browser, baseUrl: string): Promise<FirstLoad> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  try {
    const page = await context.newPage();
    const pending: Promise<LoadedScript>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const url = response.url();
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            url: new URL(url).pathname,
            raw: body.length,
            wire: sizes.responseBodySize,
            encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
            gzip: await gzipLength(url),
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const paints = await page.evaluate(() =>
      Object.fromEntries(
        performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]),
      ),
    );
    const scripts = await Promise.all(pending);
    const sum = (key: 'raw' | 'wire' | 'gzip') => scripts.reduce((n, s) => n + s[key], 0);
    return {
      scripts,
      raw: sum('raw'),
      wire: sum('wire'),
      gzip: sum('gzip'),
      firstPaint: paints['first-paint'] ?? NaN,
      firstContentfulPaint: paints['first-contentful-paint'] ?? NaN,
    };
  } finally {
    await context.close();
  }
}

/** The length of the answer to `Accept-Encoding: gzip`, read without decoding it. */
function gzipLength(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
