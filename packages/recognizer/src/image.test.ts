import { describe, expect, it } from 'vitest';
import { boxSmooth, LazySmooth, warp } from './image';
import type { RawImage } from './types';

function noise(width: number, height: number, seed = 1): RawImage {
  const data = new Uint8Array(width * height);
  let s = seed;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    data[i] = s >>> 24;
  }
  return { width, height, data };
}

describe('LazySmooth', () => {
  it('smooths asked regions exactly as smoothing the whole image, and leaves the rest as scanned', () => {
    const img = noise(301, 417);
    for (const r of [2, 3]) {
      const full = boxSmooth(img, r).data;
      const lazy = new LazySmooth(img, r);
      lazy.ensure(40, 70, 90, 100);
      lazy.ensure(250, 380, 400, 500);
      const same = (x: number, y: number) => lazy.img.data[y * 301 + x] === full[y * 301 + x];
      for (let y = 70; y < 100; y++) for (let x = 40; x < 90; x++) expect(same(x, y)).toBe(true);
      for (let y = 380; y < 417; y++) for (let x = 250; x < 301; x++) expect(same(x, y)).toBe(true);
      // Far from both regions nothing was touched.
      expect(lazy.img.data[200 * 301 + 200]).toBe(img.data[200 * 301 + 200]);
      lazy.ensure(0, 0, 301, 417);
      expect(Buffer.compare(Buffer.from(lazy.img.data), Buffer.from(full))).toBe(0);
    }
  });
});

describe('warp', () => {
  it('samples bilinearly through a rotation, white outside the image', () => {
    const img: RawImage = { width: 4, height: 4, data: new Uint8Array(16) };
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) img.data[y * 4 + x] = x * 60;
    // Identity shifted by half a pixel: values between columns are their mean.
    const out = warp(img, [1, 0, 0, 0, 1, 0, 0, 0, 1], 0, 0, 1, 3, 3);
    expect([...out.data.subarray(0, 3)]).toEqual([30, 90, 150]);
    const outside = warp(img, [1, 0, 100, 0, 1, 100, 0, 0, 1], 0, 0, 1, 2, 2);
    expect([...outside.data]).toEqual([255, 255, 255, 255]);
  });
});
