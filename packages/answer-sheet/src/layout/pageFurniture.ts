import type { CornerMarker, Rect, SheetRegion } from '../types';
import { GEOMETRY as G, rect } from './geometry';

/** The four solid corner markers, each centred `markerCentre` mm from both edges. */
export function cornerMarkers(widthMm: number, heightMm: number): CornerMarker[] {
  const s = G.markerSize;
  const near = G.markerCentre - s / 2;
  const farX = widthMm - G.markerCentre - s / 2;
  const farY = heightMm - G.markerCentre - s / 2;
  return [
    { corner: 'topLeft', rect: rect(near, near, s, s) },
    { corner: 'topRight', rect: rect(farX, near, s, s) },
    { corner: 'bottomLeft', rect: rect(near, farY, s, s) },
    { corner: 'bottomRight', rect: rect(farX, farY, s, s) },
  ];
}

/**
 * Bits of the page code: the first always filled and the last always empty (so a sheet fed
 * upside down reads empty-first), between them the 1-based page number in six bits, most significant first.
 */
export function pageCodeBits(pageIndex: number): boolean[] {
  const n = (pageIndex + 1) % 64;
  const bits = [true];
  for (let b = 5; b >= 0; b--) bits.push(((n >> b) & 1) === 1);
  bits.push(false);
  return bits;
}

/** The page code as a row of squares centred in the footer band, level with the bottom markers. */
export function pageCodeRegion(pageIndex: number, widthMm: number, heightMm: number): SheetRegion {
  const bits = pageCodeBits(pageIndex);
  const total = bits.length * G.pageCodeCell + (bits.length - 1) * G.pageCodeGap;
  const x0 = widthMm / 2 - total / 2;
  const y = heightMm - G.markerCentre - G.pageCodeCell / 2;
  const cells = bits.map((filled, i) => ({
    filled,
    rect: rect(x0 + i * (G.pageCodeCell + G.pageCodeGap), y, G.pageCodeCell, G.pageCodeCell),
  }));
  return { kind: 'pageCode', rect: rect(x0, y, total, G.pageCodeCell), cells };
}

/** 第 n 页 共 m 页, right of the page code in the footer band. */
export function pageNumberRegion(
  pageIndex: number,
  pageCount: number,
  widthMm: number,
  heightMm: number,
): SheetRegion {
  const codeHalf = (G.pageCodeBits * G.pageCodeCell + (G.pageCodeBits - 1) * G.pageCodeGap) / 2;
  return {
    kind: 'pageNumber',
    rect: rect(widthMm / 2 + codeHalf + 6, heightMm - G.markerCentre - 2.2, 40, 4.4),
    text: `第 ${pageIndex + 1} 页 共 ${pageCount} 页`,
  };
}

/** The seal-line strip along the left edge of the content area. */
export function sealLineRegion(content: Rect, fields: string[]): SheetRegion {
  return { kind: 'sealLine', rect: rect(content.x, content.y, G.sealLineWidth, content.h), fields };
}

/** Text of the care tip. */
export const CARE_TIP = '请在各题目的答题区域内作答，超出黑色矩形边框限定区域的答案无效';

/** Text along the seal line, spaced out with ideographic spaces. */
export const SEAL_LINE_TEXT = [...'密封线内不要答题'].join('\u3000\u3000');
