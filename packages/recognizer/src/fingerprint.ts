import { fail } from './failed';
import { affineFit, apply, type Mat3, type Point } from './geometry';
import type { PreparedPage } from './prepare';
import { boxMean, findSquare, inkOf, whiteAtPx, type Scan } from './scanImage';
import type { FailedSheet, MarkThresholds } from './types';

/** What the structural fingerprint found on a page that matches the template's layout. */
export interface Fingerprint {
  /** Each block's map from its local anchors, null where fewer than three were located. */
  blockMaps: (Mat3 | null)[];
  anchorsExpected: number;
  anchorsFound: number;
  anchorResidualMm: number;
  /** Blocks read under the page map because fewer than three of their anchors were located. */
  blocksUnrefined: number;
  /** A black-and-white scan whose frame lines could not confirm the layout. */
  frameDoubt: boolean;
}

/**
 * Structural fingerprint of the page under the page map `h` (another exam's sheet fails with
 * `wrongExam`): marker proportions, then local anchors (which also refine each block), then on
 * pages without anchors the subjective frames.
 */
export function checkFingerprint(
  scan: Scan,
  page: PreparedPage,
  h: Mat3,
  markersFound: number,
  ppm: number,
  th: MarkThresholds,
  bilevel: boolean,
): Fingerprint | FailedSheet {
  // Fingerprint 1: paper proportions (markers) — A3 and A4 templates, or another layout.
  if (markersFound === 4) {
    const m = page.markers.map((p) => apply(h, p.x, p.y));
    const wImg = Math.hypot(m[1]!.x - m[0]!.x, m[1]!.y - m[0]!.y);
    const hImg = Math.hypot(m[2]!.x - m[0]!.x, m[2]!.y - m[0]!.y);
    const wT = page.markers[1]!.x - page.markers[0]!.x;
    const hT = page.markers[2]!.y - page.markers[0]!.y;
    if (Math.abs(wImg / hImg / (wT / hT) - 1) > 0.03)
      return fail('wrongExam', '非本场考试答题卡（纸张比例与模板不符）');
  }

  // Local anchors: refine each block; they are also the structural fingerprint of the layout.
  let anchorsExpected = 0;
  let anchorsFound = 0;
  let anchorResidualMm = 0;
  let blocksBroken = 0;
  let blocksUnrefined = 0;
  const blockMaps: (Mat3 | null)[] = page.blocks.map((b) => {
    const src: Point[] = [];
    const dst: Point[] = [];
    let present = 0;
    for (const a of b.anchors) {
      anchorsExpected++;
      const c = { x: a.x + a.w / 2, y: a.y + a.h / 2 };
      const p = apply(h, c.x, c.y);
      const hit = findSquare(scan, p, a.w * ppm, (a.w / 2 + 1.8) * ppm);
      const off = hit ? Math.hypot(hit.c.x - p.x, hit.c.y - p.y) / ppm : Infinity;
      if (!hit || off > th.maxAnchorResidualMm) {
        // Printed where expected but not a clean square (merged with a line in a 1-bit scan,
        // a torn or folded edge): it still shows this layout, it just cannot refine the block.
        if (inkOf(scan, h, a, 0.3, 0.3) >= 0.6) present++;
        continue;
      }
      anchorsFound++;
      anchorResidualMm = Math.max(anchorResidualMm, off);
      src.push(c);
      dst.push(hit.c);
    }
    if (src.length + present < 3) blocksBroken++;
    else if (src.length < 3) blocksUnrefined++;
    anchorsFound += present;
    return src.length >= 3 ? affineFit(src, dst) : null;
  });
  // Every block keeps at least three of its four anchors, and at most one anchor in ten is lost.
  if (
    anchorsExpected > 0 &&
    (blocksBroken > 0 || anchorsFound < anchorsExpected - Math.max(1, anchorsExpected * 0.1))
  )
    return fail(
      'wrongExam',
      `非本场考试答题卡（局部定位点与模板不符：找到 ${anchorsFound}/${anchorsExpected}）`,
    );
  let frameDoubt = false;
  // Fingerprint 2 (pages without anchors): frames of the subjective boxes where the template puts them.
  if (page.frames.length > 0 && anchorsExpected === 0) {
    let hits = 0;
    let tries = 0;
    for (const f of page.frames) {
      for (const fx of [0.2, 0.5, 0.8]) {
        for (const y of [f.y, f.y + f.h]) {
          tries++;
          if (lineAt(scan, h, f.x + f.w * fx, y, ppm)) hits++;
        }
      }
    }
    // A 1-bit scan can lose thin frame lines altogether: a person checks instead of a failure.
    if (hits < tries * 0.5 && !bilevel)
      return fail('wrongExam', '非本场考试答题卡（作答区边框与模板不符）');
    if (hits < tries * 0.5) frameDoubt = true;
  }
  return {
    blockMaps,
    anchorsExpected,
    anchorsFound,
    anchorResidualMm,
    blocksUnrefined,
    frameDoubt,
  };
}

/** True when a dark line crosses the vertical profile ±1 mm around template point (x, y). */
function lineAt(s: Scan, h: Mat3, x: number, y: number, ppm: number): boolean {
  let min = 255;
  const steps = Math.max(8, Math.round(3 * ppm));
  for (let i = 0; i <= steps; i++) {
    const ty = y - 1 + (2 * i) / steps;
    // Mean of five samples along the line: keeps noise and dither from faking or hiding it.
    let sum = 0;
    for (let j = -2; j <= 2; j++) {
      const p = apply(h, x + (j * 0.6) / ppm, ty);
      sum += boxMean(s.original, p.x, p.y, 0, 0);
    }
    const v = sum / 5;
    if (v < min) min = v;
  }
  const c = apply(h, x, y);
  const white = whiteAtPx(s, c.x, c.y);
  return min < white - 0.2 * (white - s.black);
}
