// jest-dom's matchers are installed by scripts/vitest-setup-dom.ts; this brings their types.
import type {} from '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';

/** Addresses used by every test: three images, a video, an audio file. */
export const IMAGES = ['/scan/page-1.jpg', '/scan/page-2.png?token=abc', '/photo/homework.JPEG'];
export const MEDIA = [...IMAGES, '/media/lesson.mp4', '/media/reading.mp3'];

/** The transformed element: the image or video on show. */
export function media(): HTMLElement {
  const el = screen.getByRole('dialog', { hidden: true }).querySelector<HTMLElement>('img,video');
  if (!el) throw new Error('no image or video on show');
  return el;
}

/** The image or video in an inline preview. */
export function inlineMedia(): HTMLElement {
  const el = screen.getByRole('region').querySelector<HTMLElement>('img,video');
  if (!el) throw new Error('no image or video on show');
  return el;
}

/** Reads `translate(x, y) rotate(r) scale(s)` back into numbers (jsdom shortens `translate(x, 0px)`). */
export function readTransform(el: HTMLElement) {
  const num = (re: RegExp) => Number(re.exec(el.style.transform)?.[1] ?? NaN);
  const t = {
    offsetX: num(/translate\((-?[\d.e-]+)px/),
    offsetY: Number(/translate\([^,)]+, (-?[\d.e-]+)px\)/.exec(el.style.transform)?.[1] ?? 0),
    rotation: num(/rotate\((-?[\d.]+)deg\)/),
    scale: num(/scale\(([\d.]+)\)/),
  };
  if (Object.values(t).some(Number.isNaN))
    throw new Error(`unexpected transform: ${el.style.transform}`);
  return t;
}

/** Dispatches a wheel event (deltaY < 0 zooms in) at a client position. */
export function wheel(el: Element, deltaY: number, clientX = 0, clientY = 0): void {
  el.dispatchEvent(
    new WheelEvent('wheel', { deltaY, clientX, clientY, bubbles: true, cancelable: true }),
  );
}

/** The pannable area around the media. */
export function viewportOf(el: HTMLElement): HTMLElement {
  const v = el.parentElement;
  if (!v) throw new Error('no viewport');
  return v;
}
