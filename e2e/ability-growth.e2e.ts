import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABILITY_GROWTH_HOST } from '../scripts/ability-growth-host.mjs';
import { axeViolations, signedIn } from './support/app';
import { launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { serveStatic } from './support/static';

/**
 * The AbilityGrowth hand-over (spec 000 §2) against a real, separately built sub-application:
 * examples/ability-growth served from its own port, the reference app built with that host.
 */
let server: RunningServer;
let growth: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  growth = await serveStatic(
    join(process.cwd(), 'examples/ability-growth/dist'),
    Number(new URL(ABILITY_GROWTH_HOST).port),
  );
  server = await startServer({ ABILITY_GROWTH_HOST });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await growth?.close();
});

/** Counts live intervals, so the test sees a timer the sub-application would leave running. */
function countIntervals() {
  const live = new Set<unknown>();
  const set = window.setInterval.bind(window);
  const clear = window.clearInterval.bind(window);
  window.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = set(handler, ms, ...args);
    live.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    live.delete(id);
    clear(id);
  }) as typeof window.clearInterval;
  (window as unknown as { liveIntervals: () => number }).liveIntervals = () => live.size;
}

interface Footprint {
  heap: number;
  nodes: number;
  listeners: number;
  windowListeners: string[];
  documentListeners: string[];
  intervals: number;
}

/** After two full garbage collections: heap, DOM nodes, listeners (all, on window, on document), intervals. */
async function footprint(page: Page, cdp: CDPSession): Promise<Footprint> {
  // The home page's own calls settle first, the same way before and after.
  await page.waitForTimeout(1000);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const listenersOf = async (expression: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId!,
    });
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId! });
    return listeners.map((l) => l.type).sort();
  };
  return {
    heap: metric('JSHeapUsedSize'),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    windowListeners: await listenersOf('window'),
    documentListeners: await listenersOf('document'),
    intervals: await page.evaluate(() =>
      (window as unknown as { liveIntervals: () => number }).liveIntervals(),
    ),
  };
}

/** Computed styles that the sub-application's stylesheet sets on its own elements. */
const PROBED = ['color', 'background-color', 'font-family', 'font-size', 'letter-spacing'];

describe('ability-growth host in the browser', () => {
  it('opens from the header, mounts the sub-application isolated both ways, and routes it by the URL', async () => {
    const home = await signedIn(browser, server.url, 'principal');
    const context = home.context();
    await context.addInitScript(countIntervals);
    // The entry page answers slowly once, so the progress bar and the busy page can be seen.
    await context.route(ABILITY_GROWTH_HOST, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      home.getByRole('banner').getByRole('link', { name: '成长档案' }).click(),
    ]);
    await page.waitForURL('**/ability-growth/home');
    await page.getByRole('progressbar', { name: '成长档案加载进度' }).waitFor();
    await page.getByRole('status').filter({ hasText: '正在加载成长档案' }).waitFor();
    expect(await page.getByRole('region', { name: '成长档案' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    await context.unrouteAll({ behavior: 'wait' });

    // Mounted in a shadow root of #ability-growth: the progress bar finishes, the page is not busy.
    await page.getByRole('heading', { name: '成长记录', level: 2 }).waitFor();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(await page.getByRole('region', { name: '成长档案' }).getAttribute('aria-busy')).toBe(
      'false',
    );
    expect(await page.evaluate(() => !!document.getElementById('ability-growth')?.shadowRoot)).toBe(
      true,
    );
    // The shared state handle: the school's name comes from the host's state.
    await page.getByText(/示范中学 · 本次已浏览/).waitFor();

    // Routing by the URL: a link in the sub-application moves the main router, back returns.
    await page
      .getByRole('navigation', { name: '成长档案导航' })
      .getByRole('link', { name: '成长登记' })
      .click();
    await page.waitForURL('**/ability-growth/registration');
    await page.getByRole('heading', { name: '成长登记', level: 2 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: '成长记录', level: 2 }).waitFor();

    // Host → sub-application: the host's page styles (even !important) stop at the boundary.
    await page.addStyleTag({
      content: `body, #ability-growth { color: rgb(255, 0, 0); font-size: 40px; letter-spacing: 7px; font-family: monospace; }
        p, h1, h2, h3, a, button, li { color: rgb(255, 0, 0) !important; background-color: rgb(255, 0, 0) !important;
        font-size: 40px !important; letter-spacing: 7px !important; font-family: monospace !important; }`,
    });
    await page.getByRole('button', { name: '填写说明' }).click();
    const dialog = page.getByRole('dialog', { name: '填写说明' });
    await dialog.waitFor();
    const inside = await page.evaluate((props) => {
      const root = document.getElementById('ability-growth')!.shadowRoot!;
      const style = (el: Element | null | undefined) => {
        const s = getComputedStyle(el!);
        return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
      };
      return {
        h2: style(root.querySelector('h2')),
        p: style(root.querySelector('.ag-records p')),
        li: style(root.querySelector('.ag-records li')),
        dialogText: style(root.querySelector('[role="dialog"] p')),
        dialog: style(root.querySelector('[role="dialog"]')),
        dialogInLightDom: document.body.querySelector('[role="dialog"]') !== null,
        dialogInBoundary: root.querySelector('[role="dialog"]') !== null,
      };
    }, PROBED);
    expect(inside.dialogInLightDom).toBe(false);
    expect(inside.dialogInBoundary).toBe(true);
    expect(inside.h2).toMatchObject({ color: 'rgb(56, 158, 13)', 'font-family': 'serif' });
    expect(inside.p).toMatchObject({ color: 'rgb(35, 120, 4)', 'font-size': '14px' });
    for (const s of [inside.h2, inside.p, inside.li, inside.dialogText, inside.dialog])
      expect(s).toMatchObject({ 'letter-spacing': 'normal' });
    expect(inside.li).toMatchObject({ color: 'rgb(31, 35, 41)', 'font-size': '14px' });
    expect(inside.dialog).toMatchObject({
      color: 'rgb(31, 35, 41)',
      'background-color': 'rgb(255, 255, 255)',
      'font-size': '14px',
    });
    expect(inside.dialogText).toMatchObject({ color: 'rgb(35, 120, 4)' });
    await screenshot(page, 'ability-growth-dialog');

    // Sub-application → host: its element rules (p, h1, a, button, body) do not reach the host.
    const hostProbe = () =>
      page.evaluate((props) => {
        const make = (tag: string) => {
          const el = document.createElement(tag);
          el.textContent = '探针';
          document.body.append(el);
          return el;
        };
        const probes = ['p', 'h1', 'a', 'button'].map(make);
        const style = (el: Element) => {
          const s = getComputedStyle(el);
          return Object.fromEntries(props.map((p) => [p, s.getPropertyValue(p)]));
        };
        const styles = {
          body: style(document.body),
          ...Object.fromEntries(probes.map((el) => [el.tagName, style(el)])),
        };
        probes.forEach((el) => el.remove());
        return styles;
      }, PROBED);
    const withSubApp = await hostProbe();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: /首页/ })
      .click();
    await page.waitForURL('**/home/index');
    await page.waitForFunction(() => !document.getElementById('ability-growth'));
    const withoutSubApp = await hostProbe();
    expect(withSubApp).toEqual(withoutSubApp);
    expect(JSON.stringify(withSubApp)).not.toMatch(
      /rgb\((56, 158, 13|35, 120, 4|19, 82, 0|255, 240, 246)\)/,
    );
    await context.close();
  });

  it('mounts and unmounts 50 times with the heap flat and nothing left behind', async () => {
    const home = await signedIn(browser, server.url, 'principal');
    const context = home.context();
    await context.addInitScript(countIntervals);
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      home.getByRole('banner').getByRole('link', { name: '成长档案' }).click(),
    ]);
    await home.close();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const mounted = () => page.getByRole('heading', { name: '成长记录', level: 2 }).waitFor();
    const unmounted = () => page.waitForFunction(() => !document.getElementById('ability-growth'));
    await mounted();
    const whileMounted = await footprint(page, cdp);

    await page
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('link', { name: /首页/ })
      .click();
    await page.waitForURL('**/home/index');
    await unmounted();
    const cycle = async () => {
      await page.goBack();
      await mounted();
      await page.goForward();
      await page.waitForURL('**/home/index');
      await unmounted();
    };
    // Warm-up: the first visits compile code and fill the host's caches.
    for (let i = 0; i < 3; i += 1) await cycle();
    const before = await footprint(page, cdp);
    // What the sub-application registered (its resize listener, its clock) is gone.
    expect(whileMounted.windowListeners.filter((t) => t === 'resize').length).toBeGreaterThan(
      before.windowListeners.filter((t) => t === 'resize').length,
    );
    expect(whileMounted.intervals).toBe(before.intervals + 1);

    for (let i = 0; i < 50; i += 1) await cycle();
    const after = await footprint(page, cdp);
    console.info(
      `ability-growth: heap ${(before.heap / 1e6).toFixed(2)} → ${(after.heap / 1e6).toFixed(2)} MB, ` +
        `nodes ${before.nodes} → ${after.nodes}, listeners ${before.listeners} → ${after.listeners}`,
    );
    expect(after.heap - before.heap).toBeLessThan(3_000_000);
    expect(after.windowListeners).toEqual(before.windowListeners);
    expect(after.documentListeners).toEqual(before.documentListeners);
    expect(after.intervals).toBe(before.intervals);
    expect(after.nodes).toBeLessThanOrEqual(before.nodes + 20);
    expect(after.listeners).toBeLessThanOrEqual(before.listeners + 10);
    await context.close();
  }, 300_000);

  it('is accessible while mounted', async () => {
    const home = await signedIn(browser, server.url, 'principal');
    const context = home.context();
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      home.getByRole('banner').getByRole('link', { name: '成长档案' }).click(),
    ]);
    await page.getByRole('heading', { name: '成长记录', level: 2 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ability-growth-home');
    await context.close();
  });
});
