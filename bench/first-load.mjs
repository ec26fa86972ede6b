// The login page's first load: its JavaScript bytes and its first paint, cold, on loopback.
//
//   node scripts/build-all.mjs                    (the built server and app, once)
//   npm run bench -- first-load                   (or: npx tsx bench/first-load.mjs)
//
// Starts the built server (packages/server/dist/main.js, a fresh SQLite data dir, the built
// examples/web as static files, as `npm start` does), loads /login in a fresh context of
// Debian's Chromium (playwright-core: no cache) and prints every script it loaded with its
// bytes raw, on the wire (brotli, as the browser asked) and as the server's gzip copy, then
// the totals and the first (contentful) paint. Budget (issue #12): at most 150 kB gzip of
// JavaScript, first paint within 1 s.
import { existsSync } from 'node:fs';
import { launchBrowser } from '../e2e/support/browser.ts';
import { measureFirstLoad } from '../e2e/support/firstLoad.ts';
import { startServer } from '../e2e/support/server.ts';

const BUDGET_GZIP = 150_000;
const BUDGET_PAINT_MS = 1000;

for (const file of ['packages/server/dist/main.js', 'examples/web/dist/index.html']) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run node scripts/build-all.mjs first`);
    process.exit(1);
  }
}

const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const server = await startServer();
const browser = await launchBrowser();
try {
  // One warm-up load starts the browser's own processes; the measured load is the next, cold.
  await measureFirstLoad(browser, server.url);
  const load = await measureFirstLoad(browser, server.url);
  for (const s of load.scripts.sort((a, b) => b.raw - a.raw))
    console.log(
      `${s.url.padEnd(44)} raw ${kb(s.raw).padStart(9)}   wire ${kb(s.wire).padStart(8)} (${s.encoding})   gzip ${kb(s.gzip).padStart(8)}`,
    );
  console.log(
    `login page JavaScript: ${load.scripts.length} files, raw ${kb(load.raw)}, on the wire ${kb(load.wire)}, gzip ${kb(load.gzip)} (budget ${kb(BUDGET_GZIP)})`,
  );
  console.log(
    `first paint ${load.firstPaint} ms, first contentful paint ${load.firstContentfulPaint} ms (budget ${BUDGET_PAINT_MS} ms)`,
  );
  if (load.gzip > BUDGET_GZIP || !(load.firstPaint <= BUDGET_PAINT_MS)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
