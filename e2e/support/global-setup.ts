import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH } from './browser';
import { seedDataDir } from './launch';

/** Whether every workspace package with a build script has its dist folder. */
function packagesBuilt(): boolean {
  return readdirSync('packages').every((dir) => {
    const manifest = join('packages', dir, 'package.json');
    if (!existsSync(manifest)) return true;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: { build?: string } };
    return !pkg.scripts?.build || existsSync(join('packages', dir, 'dist'));
  });
}

/**
 * Browser tests run against built output. `npm test` builds the packages in its build step just
 * before this one, so only the example apps are built here (`--apps`); a lone `npm run test:e2e`
 * builds whatever is missing.
 *
 * Then the demo school is seeded once for the run (a first start of the built server, as
 * `npm start` does), and every file's server starts on a copy of that data folder
 * (support/server.ts): a database of its own without seeding it again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const apps = [
    'examples/web/dist/index.html',
    'examples/partner-portal/dist/index.html',
    'examples/gallery/dist/index.html',
    'examples/ability-growth/dist/index.html',
  ];
  const built = packagesBuilt() && existsSync('packages/server/dist/main.js');
  if (!built || !apps.every((file) => existsSync(file))) {
    execFileSync('node', ['scripts/build-all.mjs', ...(built ? ['--apps'] : [])], {
      stdio: 'inherit',
    });
  }
  const seeded = await seedDataDir();
  project.provide('e2eSeededDataDir', seeded);
  // One Chromium for the run: each file connects to it (support/browser.ts) instead of starting its own.
  const browser = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    rmSync(seeded, { recursive: true, force: true });
  };
}
