import type { RawImage } from './types';

/** Above this `speckle`, the scan is dithered (grey scans measure ≤ 0.012 on the tuning seeds, dithered ≥ 0.019). */
export const SPECKLE = 0.015;

/** Share of horizontal neighbours on opposite sides of mid-grey (sampled rows): high for dither and speckle. */
export function speckle(img: RawImage): number {
  let flips = 0;
  let n = 0;
  for (let y = 0; y < img.height; y += 8) {
    const o = y * img.width;
    let prev = img.data[o]! < 128;
    for (let x = 1; x < img.width; x++) {
      const d = img.data[o + x]! < 128;
      if (d !== prev) flips++;
      prev = d;
    }
    n += img.width;
  }
  return flips / n;
}

/**
 * True when the ink has no grey levels (1-bit scan, also after JPEG): a grey scan has many
 * mid-tones (anti-aliased edges, the light bubble outlines and labels) — ≥ 0.3 of the non-white
 * pixels on the tuning seeds, 1-bit scans ≤ 0.01. One pixel in `step` is looked at.
 */
export function isBilevel(img: RawImage, step = 7): boolean {
  let mid = 0;
  let dark = 0;
  for (let i = 0; i < img.data.length; i += step) {
    const v = img.data[i]!;
    if (v < 64) dark++;
    else if (v < 200) mid++;
  }
  return dark > 0 && mid < (dark + mid) * 0.05;
}
