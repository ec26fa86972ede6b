import type { Mat3 } from './geometry';
import { downsample, warp } from './image';
import type { PreparedPage } from './prepare';
import type { AnswerCrop, RawImage } from './types';

/**
 * Every subjective and fill-in region of the page with a 1 mm margin, straightened at the scan's
 * own `ppm` pixels per mm.
 */
export function cropsOf(input: RawImage, h: Mat3, page: PreparedPage, ppm: number): AnswerCrop[] {
  return page.regions.map((g) => {
    const rectMm = { x: g.rect.x - 1, y: g.rect.y - 1, w: g.rect.w + 2, h: g.rect.h + 2 };
    const w = Math.max(1, Math.round(rectMm.w * ppm));
    const hh = Math.max(1, Math.round(rectMm.h * ppm));
    return {
      questionId: g.questionId,
      number: g.number,
      kind: g.kind,
      part: g.part,
      fullMarks: g.fullMarks,
      rectMm,
      // A 1-bit scan's crop is cut from the scan as it is: handwriting reads as scanned.
      image: warp(input, h, rectMm.x, rectMm.y, 1 / ppm, w, hh),
    };
  });
}

/**
 * The page straightened into template space at `dpi`. With `average`, it is cut from a box
 * average of the scan at about that resolution (smooths a 1-bit scan's dither for the reviewer
 * without smoothing the whole page at full resolution).
 */
export function alignedPageOf(
  src: RawImage,
  h: Mat3,
  Wmm: number,
  Hmm: number,
  dpi: number,
  ppm: number,
  average: boolean,
): RawImage {
  const f = average ? Math.max(1, Math.floor((ppm * 25.4) / dpi)) : 1;
  // Pixel x of the full image is (x + 0.5) / f − 0.5 in the averaged one.
  const c = 0.5 / f - 0.5;
  const map: Mat3 =
    f === 1
      ? h
      : [
          h[0]! / f + c * h[6]!,
          h[1]! / f + c * h[7]!,
          h[2]! / f + c * h[8]!,
          h[3]! / f + c * h[6]!,
          h[4]! / f + c * h[7]!,
          h[5]! / f + c * h[8]!,
          h[6]!,
          h[7]!,
          h[8]!,
        ];
  return warp(
    f === 1 ? src : downsample(src, f),
    map,
    0,
    0,
    25.4 / dpi,
    Math.round((Wmm * dpi) / 25.4),
    Math.round((Hmm * dpi) / 25.4),
  );
}
