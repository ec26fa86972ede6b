import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { serveStatic } from './support/static';

/**
 * @examkit/image-preview on its example page (examples/gallery, built by the
 * global setup): real PNG/JPEG files including a 4000 × 6000 scan, an mp4 and
 * an mp3, plus a missing image. Screenshots: test-output/screenshots/image-preview-*.png.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

let browser: Browser;
let page: Page;
let server: { url: string; close(): Promise<void> };

const dialog = () => page.getByRole('dialog', { name: '图片预览' });
const counter = () => dialog().getByText(/^\d+ \/ 6$/);

/** The transform of the image or video on show, as numbers. */
async function shownTransform() {
  const css = await dialog()
    .locator('img, video')
    .evaluate((el) => (el as HTMLElement).style.transform);
  const n = (re: RegExp) => Number(re.exec(css)?.[1] ?? NaN);
  return {
    offsetX: n(/translate\((-?[\d.]+)px/),
    offsetY: Number(/translate\([^,)]+, (-?[\d.]+)px\)/.exec(css)?.[1] ?? 0),
    rotation: n(/rotate\((-?\d+)deg\)/),
    scale: n(/scale\(([\d.]+)\)/),
  };
}

/** Runs axe-core (injected into the page) on the open dialog. */
async function axeViolations() {
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; nodes: { target: unknown }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Element): Promise<AxeResult> } }).axe;
    const root = document.querySelector('[role="dialog"]');
    if (!root) throw new Error('no dialog');
    const result = await axe.run(root);
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }));
  });
}

beforeAll(async () => {
  server = await serveStatic(join(process.cwd(), 'examples/gallery/dist'));
  browser = await launchBrowser();
  page = await newPage(browser);
  page.setDefaultTimeout(10_000);
  await page.goto(server.url);
  await page.getByRole('heading', { name: '图片预览示例' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('image preview on the gallery page', () => {
  it('opens the 4000 × 6000 scan in a modal dialog that locks the page', async () => {
    await page.getByRole('button', { name: '查看答题卡扫描件' }).click();
    await expect.poll(() => dialog().count()).toBe(1);
    await expect.poll(() => counter().textContent()).toBe('1 / 6');
    const img = dialog().locator('img');
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(4000);
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalHeight)).toBe(6000);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    expect(await dialog().evaluate((el) => el === document.activeElement)).toBe(true);
    // Fitted inside the stage, not drawn at its natural 4000 × 6000 size.
    const [stage, shown] = await Promise.all([dialog().boundingBox(), img.boundingBox()]);
    expect(shown && stage && shown.height <= stage.height && shown.width <= stage.width).toBe(true);
    await page.waitForTimeout(350); // the fade-in
    await screenshot(page, 'image-preview-open');
  });

  it('has no axe-core violations in the open dialog', async () => {
    await page.addScriptTag({ content: AXE_SOURCE });
    expect(await axeViolations()).toEqual([]);
  });

  it('zooms with the wheel by 0.05 around the pointer, pans by dragging and rotates', async () => {
    const box = await dialog().boundingBox();
    if (!box) throw new Error('dialog has no box');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // 100 px right of and 50 px below the centre of the stage.
    await page.mouse.move(cx + 100, cy + 50);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, -100);
      await expect.poll(async () => (await shownTransform()).scale).toBe(1 + 0.05 * (i + 1));
    }
    const zoomed = await shownTransform();
    // The point under the pointer stays still: offset = p − 1.2 · p.
    expect(zoomed.offsetX).toBeCloseTo(-20, 0);
    expect(zoomed.offsetY).toBeCloseTo(-10, 0);

    await page.mouse.down();
    await page.mouse.move(cx + 160, cy + 90, { steps: 5 });
    await page.mouse.up();
    const panned = await shownTransform();
    expect(panned.offsetX - zoomed.offsetX).toBeCloseTo(60, 0);
    expect(panned.offsetY - zoomed.offsetY).toBeCloseTo(40, 0);

    await dialog().getByRole('button', { name: '向右旋转' }).click();
    await expect.poll(async () => (await shownTransform()).rotation).toBe(90);
    await page.waitForTimeout(300); // let the transition end before the screenshot
    await screenshot(page, 'image-preview-zoomed-rotated');
  });

  it('moves with the arrow keys, resetting the view, through a failed image, a video and an audio file', async () => {
    await dialog().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter().textContent()).toBe('2 / 6');
    expect(await shownTransform()).toEqual({ scale: 1, rotation: 0, offsetX: 0, offsetY: 0 });
    expect(
      await dialog().getByRole('button', { name: '上一张' }).getAttribute('aria-disabled'),
    ).toBe('false');

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => counter().textContent()).toBe('4 / 6');
    await expect.poll(() => dialog().getByText('加载失败').count()).toBe(1);
    expect(await axeViolations()).toEqual([]);
    await screenshot(page, 'image-preview-load-failed');

    await dialog().getByRole('button', { name: '下一张' }).click();
    const video = dialog().locator('video');
    await expect
      .poll(() => video.evaluate((el) => (el as HTMLVideoElement).readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((el) => (el as HTMLVideoElement).videoWidth)).toBe(320);
    expect(await axeViolations()).toEqual([]);
    await screenshot(page, 'image-preview-video');

    await dialog().getByRole('button', { name: '下一张' }).click();
    const audio = dialog().locator('audio');
    await expect
      .poll(() => audio.evaluate((el) => (el as HTMLAudioElement).readyState), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((el) => (el as HTMLAudioElement).duration)).toBeGreaterThan(0.9);
    expect(
      await dialog().getByRole('button', { name: '下一张' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await dialog().getByRole('button', { name: '下一张' }).click({ force: true });
    await expect.poll(() => counter().textContent()).toBe('6 / 6');
    expect(await axeViolations()).toEqual([]);
    await screenshot(page, 'image-preview-audio');
  });

  it('confirms the position and rotation', async () => {
    for (let i = 0; i < 4; i++) await dialog().getByRole('button', { name: '上一张' }).click();
    await expect.poll(() => counter().textContent()).toBe('2 / 6');
    await dialog().getByRole('button', { name: '向左旋转' }).click();
    // The landscape photo, turned upright, is shrunk to stay inside the stage.
    await page.waitForTimeout(300);
    const [stage, photo] = await Promise.all([
      dialog().boundingBox(),
      dialog().locator('img').boundingBox(),
    ]);
    expect(stage && photo && photo.height <= stage.height + 1).toBe(true);
    await dialog().getByRole('button', { name: '确定' }).click();
    await expect
      .poll(() => page.getByTestId('confirmed').textContent())
      .toBe('已确认：第 2 张，旋转 270°');
    await screenshot(page, 'image-preview-confirmed');
  });

  it('closes with Esc: fades out, is removed after about 300 ms, restores the page and focus', async () => {
    await page.keyboard.press('Escape');
    // Still there, fading out.
    expect(await page.locator('[role="dialog"]').getAttribute('data-state')).toBe('closed');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    await expect.poll(() => page.locator('[role="dialog"]').count(), { timeout: 2000 }).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      '查看答题卡扫描件',
    );
    await screenshot(page, 'image-preview-closed');
  });

  it('inline mode fills its box and is driven by props', async () => {
    const region = page.getByRole('region', { name: '图片预览' });
    await region.scrollIntoViewIfNeeded();
    const box = await region.boundingBox();
    if (!box) throw new Error('region has no box');
    expect(Math.round(box.height)).toBe(420); // fills the example's 420 px box
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => page.getByTestId('inline-state').textContent()).toContain('缩放 1.1');
    await region.focus();
    await page.keyboard.press('r');
    await expect.poll(() => page.getByTestId('inline-state').textContent()).toContain('旋转 90°');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByTestId('inline-state').textContent())
      .toBe('第 2 张 · 缩放 1 · 旋转 0°');
    await screenshot(page, 'image-preview-inline');
  });
});
