import { fail } from './failed';
import { affineFit, apply, homography4, localScale, type Mat3, type Point } from './geometry';
import { components, whiteAt } from './image';
import type { PreparedPage } from './prepare';
import { findSquare, meanAt, type Scan } from './scanImage';
import type { FailedSheet, MarkThresholds } from './types';

/** The page map found from the corner markers. */
export interface MarkerFit {
  h: Mat3;
  found: number;
  residualMm: number;
}

/** Corner markers: connected components of the coarse image with size, shape and fill checks. */
export function findMarkers(
  s: Scan,
  page: PreparedPage,
  widthMm: number,
  heightMm: number,
  ppmPrior: number,
  th: MarkThresholds,
): MarkerFit | FailedSheet {
  const { coarse, factor } = s;
  const cppm = ppmPrior / factor;
  const side = 6 * cppm;
  const W = coarse.width;
  const H = coarse.height;
  const reach = 45 * cppm;
  // Each corner's marker is searched in a window of its own: the rest of the page is never read.
  const span = Math.min(Math.ceil(reach + 2 * side), W, H);
  const corners = [
    { x: 0, y: 0 },
    { x: W, y: 0 },
    { x: 0, y: H },
    { x: W, y: H },
  ];
  const found: (Point | null)[] = corners.map((k) => {
    const x0 = k.x === 0 ? 0 : W - span;
    const y0 = k.y === 0 ? 0 : H - span;
    const dark = new Uint8Array(span * span);
    for (let y = 0; y < span; y++) {
      const row = (y + y0) * W + x0;
      for (let x = 0; x < span; x++)
        dark[y * span + x] = coarse.data[row + x]! < 0.5 * whiteAt(s.white, x + x0, y + y0) ? 1 : 0;
    }
    let best: { c: Point; d: number } | null = null;
    for (const c of components(dark, span, span, side * side * 0.45)) {
      const bw = c.maxX - c.minX + 1;
      const bh = c.maxY - c.minY + 1;
      if (bw < side * 0.65 || bh < side * 0.65 || bw > side * 1.5 || bh > side * 1.5) continue;
      if (c.area > side * side * 1.6) continue;
      if (bw / bh > 1.35 || bh / bw > 1.35) continue;
      if (c.area / (bw * bh) < 0.7) continue;
      // Cut by the window's inner edge: not a whole square.
      if ((k.x === 0 ? c.maxX === span - 1 : c.minX === 0) && span < W) continue;
      if ((k.y === 0 ? c.maxY === span - 1 : c.minY === 0) && span < H) continue;
      const cx = c.cx + x0;
      const cy = c.cy + y0;
      const d = Math.hypot(cx - k.x, cy - k.y);
      if (d <= reach && (!best || d < best.d)) best = { c: { x: cx, y: cy }, d };
    }
    if (!best) return null;
    const coarseCentre = { x: (best.c.x + 0.5) * factor, y: (best.c.y + 0.5) * factor };
    const fine = findSquare(s, coarseCentre, 6 * ppmPrior, 5.5 * ppmPrior);
    return fine ? fine.c : coarseCentre;
  });
  const tpl = page.markers;
  const idx = [0, 1, 2, 3].filter((i) => found[i]);
  if (idx.length === 2) {
    // Two markers (a torn corner and another cut off by the scan's edge): a scanner does not
    // shear, so rotation, one scale and a shift through the two are the page. The anchors and
    // the page code still have to agree, and a person checks the sheet.
    const [i, j] = idx as [number, number];
    const h = similarityOf(tpl[i]!, tpl[j]!, found[i]!, found[j]!);
    const k = Math.hypot(h[0]!, h[3]!);
    // The image-size prior runs high when the scan has margins around the paper.
    if (k / ppmPrior > 0.8 && k / ppmPrior < 1.1) return { h, found: 2, residualMm: 0 };
  }
  if (idx.length < 3)
    return fail('markers', `未找到足够的定位标记（四角黑块只找到 ${idx.length} 个），无法对齐`);
  const residualOf = (h: Mat3, set: number[]): number => {
    let worst = 0;
    const k = localScale(h, widthMm / 2, heightMm / 2);
    for (const i of set) {
      const p = apply(h, tpl[i]!.x, tpl[i]!.y);
      worst = Math.max(worst, Math.hypot(p.x - found[i]!.x, p.y - found[i]!.y) / k);
    }
    return worst;
  };
  const isotropic = (h: Mat3): boolean => {
    const sx = Math.hypot(h[0]!, h[3]!);
    const sy = Math.hypot(h[1]!, h[4]!);
    const cos = (h[0]! * h[1]! + h[3]! * h[4]!) / (sx * sy);
    return Math.abs(sx / sy - 1) < 0.05 && Math.abs(cos) < 0.05;
  };
  if (idx.length === 4) {
    const aff = affineFit(tpl, found as Point[]);
    if (aff && isotropic(aff)) {
      const residualMm = residualOf(aff, idx);
      if (residualMm <= th.maxMarkerResidualMm) {
        const h = homography4(tpl, found as Point[]);
        if (h) return { h, found: 4, residualMm };
      }
    }
  }
  // Three-marker fallback: the best exact affine over any three markers.
  let best: MarkerFit | null = null;
  for (let skip = 0; skip < 4; skip++) {
    const set = idx.filter((i) => i !== skip);
    if (set.length !== 3) continue;
    const h = affineFit(
      set.map((i) => tpl[i]!),
      set.map((i) => found[i]!),
    );
    if (!h || !isotropic(h)) continue;
    if (!best) best = { h, found: 3, residualMm: 0 };
  }
  if (!best) return fail('wrongExam', '非本场考试答题卡（定位标记的几何与模板不符）');
  return best;
}

/** The similarity (rotation, uniform scale, shift) taking template points a, b to image p, q. */
export function similarityOf(a: Point, b: Point, p: Point, q: Point): Mat3 {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const ex = q.x - p.x;
  const ey = q.y - p.y;
  const d = dx * dx + dy * dy;
  // (ex + i·ey) / (dx + i·dy) as a complex number: cos·scale and sin·scale.
  const c = (ex * dx + ey * dy) / d;
  const sn = (ey * dx - ex * dy) / d;
  return [c, -sn, p.x - (c * a.x - sn * a.y), sn, c, p.y - (sn * a.x + c * a.y), 0, 0, 1];
}

/** Ink black of the scan: the mean of the marker centres under the fit (at most 200). */
export function markerBlack(s: Scan, h: Mat3, page: PreparedPage): number {
  let sum = 0;
  for (const m of page.markers) {
    const c = apply(h, m.x, m.y);
    const k = localScale(h, m.x, m.y);
    sum += meanAt(s, c.x, c.y, 1.5 * k, 1.5 * k);
  }
  return Math.min(sum / 4, 200);
}
