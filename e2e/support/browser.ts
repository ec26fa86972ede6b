import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where screenshots are kept as test output, to look at after a run. */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-output', 'screenshots');

/** How the run's one Chromium is started (the global set-up) and how a lone file starts its own. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the run's one Chromium (support/global-setup.ts). */
    e2eBrowserEndpoint?: string;
  }
}

/**
 * A connection to the run's one Chromium, which the global set-up starts; a file run outside
 * this config launches a Chromium of its own. Closing it closes the file's contexts and pages.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('e2eBrowserEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(CHROMIUM_LAUNCH);
}

/**
 * A download saved to a temporary file, its path returned (a connected browser keeps its
 * downloads on its own side: `download.path()` is not available, `saveAs` is).
 */
export async function savedDownload(download: Download): Promise<string> {
  const path = join(
    mkdtempSync(join(tmpdir(), 'examkit-e2e-download-')),
    download.suggestedFilename(),
  );
  await download.saveAs(path);
  return path;
}

/** A fresh page with a Chinese locale and a desktop viewport. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}

/** Saves a full-page screenshot as test-output/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
