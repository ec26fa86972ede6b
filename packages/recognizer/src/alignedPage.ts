import type { Mat3 } from './geometry';
import { downsample, warp } from './image';
import type { PreparedPage } from './prepare';
import type { AnswerCrop, RawImage } from './types';

/**
 * A map `h` into pixels of an image turned into one into pixels of an image `f` times smaller
 * (box-averaged by `f`; `f` < 1: the one it was averaged from). The maps give positions with
 * pixel i covering [i, i + 1) (the markers' centroids), so averaging only divides them.
 */
function rescale(h: Mat3, f: number): Mat3 {
  if (f === 1) return h;
  return [h[0]! / f, h[1]! / f, h[2]! / f, h[3]! / f, h[4]! / f, h[5]! / f, h[6]!, h[7]!, h[8]!];
}

/**
 * The page at the scan's own resolution with the template map into it: `input.full` when
 * `decodeScan` averaged the page down to read it (its map scaled by the averaging factor), else
 * the page as read.
 */
export function fullPage(
  input: RawImage,
  h: Mat3,
  ppm: number,
): { img: RawImage; h: Mat3; ppm: number } {
  const full = input.full;
  if (!full) return { img: input, h, ppm };
  const f = Math.round(full.width / input.width);
  const hf = rescale(h, 1 / f);
  return { img: full, h: hf, ppm: ppm * f };
}

/**
 * Every subjective and fill-in region of the page with a 1 mm margin, straightened at the scan's
 * own resolution (from `input.full` when the page was read averaged down).
 */
export function cropsOf(input: RawImage, h0: Mat3, page: PreparedPage, ppm0: number): AnswerCrop[] {
  const { img, h, ppm } = fullPage(input, h0, ppm0);
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
      image: warp(img, h, rectMm.x, rectMm.y, 1 / ppm, w, hh),
    };
  });
}

/**
 * The page straightened into template space at `dpi`, cut from the page as read, or from the
 * scan's own resolution (`input.full`) when `dpi` is finer than the reading resolution. With
 * `average`, it is cut from a box average of the scan at about that resolution (smooths a 1-bit
 * scan's dither for the reviewer without smoothing the whole page at full resolution).
 */
export function alignedPageOf(
  input: RawImage,
  h0: Mat3,
  Wmm: number,
  Hmm: number,
  dpi: number,
  ppm0: number,
  average: boolean,
): RawImage {
  const {
    img: src,
    h,
    ppm,
  } = input.full && dpi > ppm0 * 25.4 * 1.05
    ? fullPage(input, h0, ppm0)
    : { img: input, h: h0, ppm: ppm0 };
  const f = average ? Math.max(1, Math.floor((ppm * 25.4) / dpi)) : 1;
  const map = rescale(h, f);
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
