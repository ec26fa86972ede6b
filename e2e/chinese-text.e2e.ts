import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/app';
import { screenshot } from './support/browser';
import { browserSuite } from './support/suite';

/**
 * Issue #12 item 9: every visible text is Chinese. Each demo role signs in and only clicks
 * through every top-level and second-level menu entry; the visible text of each page is read
 * and any Latin word outside a short allow-list fails the test, named with its page.
 */

/** Latin words that may show: brands and formats, spec badges, keys, units. */
const ALLOWED = new Set([
  // formats and brands
  'Excel',
  'Word',
  'docx',
  'PDF',
  'PNG',
  'JPEG',
  'JPG',
  'TIFF',
  'QR',
  'AI',
  'examkit',
  // a model server a school may run (the AI centre says how to configure it)
  'Ollama',
  // the footer's 备案 number (京ICP备…)
  'ICP',
  // the spec's menu badges (spec 000 §2: a hot badge, a NEW badge)
  'HOT',
  'NEW',
  // keyboard keys the screens teach
  'Enter',
  'Esc',
  'Ctrl',
  'Shift',
  'Alt',
  'Tab',
  // ids: the demo accounts' login names, shown in the 登录名 column (docs/demo-school.md)
  'admin',
  'director',
  'head',
  'teacher',
  'grader',
  'history',
  'principal',
  'gradelead',
  'multi',
  // subject terms in the curriculum's own knowledge-point names (生物 “酶与ATP”, shown by 巩固提升)
  'ATP',
  // units
  'kB',
  'KB',
  'MB',
  'mm',
  'px',
]);

/** A token to report: letters only (an id such as S00001 or a paper size A4 has digits). */
function latinWords(text: string): string[] {
  // Addresses and environment variable names (AI_BASE_URL) are ids an administrator types.
  const prose = text
    .replace(/https?:\/\/[\x21-\x7e]+/g, ' ')
    .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, ' ');
  const words = prose.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
  return words.filter(
    // A–F options, T/F, key letters, a formula's x and f(x)
    (w) => !/\d/.test(w) && !ALLOWED.has(w) && !/^[A-Za-z]$/.test(w),
  );
}

const ROLES = ['admin', 'director', 'head', 'teacher', 'grader'];

const app = browserSuite();

/** Waits until the page's text stops changing (lazy pages, their data), at most 6 s. */
async function settledText(page: Page): Promise<string> {
  let last = '';
  let same = 0;
  for (let i = 0; i < 30 && same < 2; i++) {
    await page.waitForTimeout(200);
    const text = await page.locator('body').innerText();
    same = text === last && !/正在加载|加载中/.test(text) ? same + 1 : 0;
    last = text;
  }
  return last;
}

/** The same-tab links of a menu as [name, path] (a badge's text is left out of the name). */
async function menuEntries(page: Page, navName: string): Promise<[string, string][]> {
  const nav = page.getByRole('navigation', { name: navName, exact: true });
  try {
    await nav.waitFor({ timeout: 3000 });
  } catch {
    return [];
  }
  return nav
    .locator('a:not([target="_blank"])')
    .evaluateAll((links) =>
      links.map((a) => [
        (a.textContent ?? '').replace(/(HOT|NEW)$/, '').trim(),
        a.getAttribute('href') ?? '',
      ]),
    ) as Promise<[string, string][]>;
}

/**
 * Clicks the link to `path` in a menu (going back first when the page shown has no menu: a
 * full-screen page) and waits for the address to follow.
 */
async function open(page: Page, navName: string, path: string): Promise<void> {
  const link = page
    .getByRole('navigation', { name: navName, exact: true })
    .locator(`a[href="${path}"]`)
    .first();
  for (let back = 0; back < 5 && (await link.count()) === 0; back++) {
    await page.goBack();
    await page.waitForTimeout(300);
  }
  await link.click();
  await page
    .waitForURL((url) => url.pathname.startsWith(path), { timeout: 5000 })
    .catch(() => {
      // a page that moves on to another address (its first child, a notice) is read where it is
    });
}

/** A page's kind: its path with ids left out, so one of each kind is read. */
const kindOf = (path: string) => path.split('?')[0]!.replace(/\d+/g, '#');

/**
 * Follows the links inside the page's main area (never a button: nothing is changed) to the
 * built pages behind it, `depth` levels deep, one page of each kind; reads each and goes back.
 */
async function follow(
  page: Page,
  depth: number,
  seen: Set<string>,
  read: (where: string) => Promise<void>,
): Promise<void> {
  if (depth === 0) return;
  const from = page.url();
  const hrefs = await page
    .locator('main a[href^="/"]:not([target="_blank"])')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    if (seen.has(kindOf(href))) continue;
    seen.add(kindOf(href));
    const link = page.locator(`main a[href="${href}"]`).first();
    if ((await link.count()) === 0 || !(await link.isVisible())) continue;
    await link.click({ timeout: 5000 });
    await page.waitForURL((url) => url.href !== from, { timeout: 5000 }).catch(() => {});
    await read(`${new URL(from).pathname} → ${href}`);
    await follow(page, depth - 1, seen, read);
    for (let back = 0; back < 3 && page.url() !== from; back++) {
      await page.goBack();
      await page.waitForTimeout(200);
    }
    if (page.url() !== from) return;
  }
}

describe('every visible text is Chinese', () => {
  it('finds Latin words, leaving ids, sizes, option letters and the allow-list alone', () => {
    expect(
      latinWords('考试 Loading examType 高一(1)班 S00001 A4 选 B 导出 Excel，按 Enter'),
    ).toEqual(['Loading', 'examType']);
  });

  it.each(ROLES)(
    'on every page %s reaches from the menus',
    async (role) => {
      const page = await signedIn(app.browser, app.server.url, role);
      const found = new Map<string, Set<string>>();
      const read = async (where: string) => {
        const words = latinWords(await settledText(page));
        if (words.length > 0) {
          found.set(where, new Set(words));
          await screenshot(page, `latin-${role}-${where.replace(/[^\w\u4e00-\u9fff-]+/g, '_')}`);
        }
      };
      const visited = new Set<string>();
      const kinds = new Set<string>();
      // The built modules' pages behind their list pages (an exam's form, its paper, sheet…).
      const deeper = async () => {
        if (/^\/(exam\/(single|marking|tool)|system)/.test(new URL(page.url()).pathname))
          await follow(page, 2, kinds, read);
      };
      await read(`${role} 首页 ${new URL(page.url()).pathname}`);
      const tops = await menuEntries(page, '主菜单');
      expect(tops.length, `${role} has a menu`).toBeGreaterThan(0);
      for (const [top, topPath] of tops) {
        await open(page, '主菜单', topPath);
        const path = new URL(page.url()).pathname;
        if (!visited.has(path)) {
          visited.add(path);
          await read(`${top} ${path}`);
          await deeper();
        }
        for (const [sub, subTarget] of await menuEntries(page, `${top}菜单`)) {
          if (visited.has(subTarget)) continue;
          await open(page, `${top}菜单`, subTarget);
          const subPath = new URL(page.url()).pathname;
          visited.add(subTarget);
          visited.add(subPath);
          await read(`${top}/${sub} ${subPath}`);
          await deeper();
        }
      }
      // 系统管理 has its own header button (spec 000 §2).
      const system = page
        .getByRole('banner')
        .getByRole('button', { name: '系统管理', exact: true });
      for (let back = 0; back < 5 && (await page.getByRole('banner').count()) === 0; back++)
        await page.goBack();
      if ((await system.count()) > 0) {
        await system.click();
        await page.waitForURL('**/system/**', { timeout: 5000 }).catch(() => {});
        visited.add(new URL(page.url()).pathname);
        await read(`系统管理 ${new URL(page.url()).pathname}`);
        for (const [sub, subTarget] of await menuEntries(page, '系统管理菜单')) {
          if (visited.has(subTarget)) continue;
          await open(page, '系统管理菜单', subTarget);
          visited.add(subTarget);
          await read(`系统管理/${sub} ${new URL(page.url()).pathname}`);
          await deeper();
        }
      }
      await page.context().close();
      const report = [...found].map(([where, words]) => `${where}: ${[...words].join(' ')}`);
      expect(report, `Latin words on ${role}'s pages`).toEqual([]);
      expect(visited.size).toBeGreaterThan(0);
      console.info(
        `${role}: ${visited.size} menu pages and ${kinds.size} pages behind them read: ${[...visited, ...kinds].join(' ')}`,
      );
    },
    240_000,
  );
});
