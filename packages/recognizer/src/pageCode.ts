import { fail } from './failed';
import type { Mat3 } from './geometry';
import type { PreparedPage } from './prepare';
import { inkOf, type Scan } from './scanImage';
import type { FailedSheet } from './types';

function mul(a: Mat3, b: Mat3): Mat3 {
  const r = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      for (let k = 0; k < 3; k++) r[i * 3 + j]! += a[i * 3 + k]! * b[k * 3 + j]!;
  return r.map((x) => x / r[8]!);
}

/** Page code under a map: page index, or null when it does not read as a valid code. */
export function readPageCode(
  s: Scan,
  h: Mat3,
  page: PreparedPage,
  pageCount: number,
): { page: number; margin: number } | null {
  if (page.pageCode.length < 3) return null;
  let n = 0;
  let margin = 1;
  const bits = page.pageCode.map((c) => inkOf(s, h, c.rect, 0.3, 0.3));
  for (let i = 0; i < bits.length; i++) {
    const v = bits[i]!;
    if (v > 0.3 && v < 0.55) return null;
    const on = v >= 0.55;
    margin = Math.min(margin, on ? v - 0.55 : 0.3 - v);
    if (i === 0 && !on) return null;
    if (i === bits.length - 1 && on) return null;
    if (i > 0 && i < bits.length - 1) n = n * 2 + (on ? 1 : 0);
  }
  if (n < 1) return null;
  return { page: n - 1, margin: n - 1 < pageCount ? margin : -1 };
}

/**
 * Reads the page code under the marker fit and under the fit turned by 180°: the valid reading
 * with the larger margin gives the page map, the page index and whether the sheet is upside down.
 */
export function orientPage(
  s: Scan,
  fitH: Mat3,
  base: PreparedPage,
  Wmm: number,
  Hmm: number,
  pageCount: number,
): { h: Mat3; upsideDown: boolean; pageIndex: number } | FailedSheet {
  const R: Mat3 = [-1, 0, Wmm, 0, -1, Hmm, 0, 0, 1];
  const flipped = mul(fitH, R);
  const up = readPageCode(s, fitH, base, pageCount);
  const down = readPageCode(s, flipped, base, pageCount);
  if (up && (!down || up.margin >= down.margin)) {
    if (up.margin < 0)
      return fail(
        'wrongExam',
        `非本场考试答题卡（页码 ${up.page + 1} 超出模板的 ${pageCount} 页）`,
      );
    return { h: fitH, upsideDown: false, pageIndex: up.page };
  } else if (down) {
    if (down.margin < 0)
      return fail(
        'wrongExam',
        `非本场考试答题卡（页码 ${down.page + 1} 超出模板的 ${pageCount} 页）`,
      );
    return { h: flipped, upsideDown: true, pageIndex: down.page };
  } else return fail('orientation', '无法读取页码标记，无法确定页码和方向');
}
