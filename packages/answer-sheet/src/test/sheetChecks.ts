import type { Rect, SheetDocument, SheetRegion } from '../types';
import { overlaps } from '../layout/geometry';

/** Every rectangle drawn inside a region (bubbles, anchors, cells, lines), not the region itself. */
export function innerRects(region: SheetRegion): Rect[] {
  switch (region.kind) {
    case 'objective':
      return [
        ...region.anchors,
        ...region.items.flatMap((i) => [i.labelRect, ...i.options.map((o) => o.rect)]),
      ];
    case 'examNumber':
      return [...region.anchors, ...region.writeBoxes, ...region.digits.flat().map((b) => b.rect)];
    case 'subjective': {
      const grid = region.grid;
      const rows = grid
        ? Array.from({ length: grid.rows }, (_, i) => ({
            x: grid.x,
            y: grid.y + i * grid.rowPitchMm,
            w: grid.perRow * grid.cellMm,
            h: grid.cellMm,
          }))
        : [];
      return [
        ...region.scoreCells.map((c) => c.rect),
        ...rows,
        ...(grid?.marks ?? []).map((m) => m.rect),
      ];
    }
    case 'fill':
      return [...region.lines];
    case 'missTag':
      return [region.box];
    case 'fillExample':
      return [region.correct, ...region.wrong];
    case 'studentInfo':
      return region.fields.map((f) => f.rect);
    case 'pageCode':
      return region.cells.map((c) => c.rect);
    case 'qrcode':
      return [region.code];
    default:
      return [];
  }
}

/** Question ids in the order the document presents them (first part of each). */
export function questionSequence(doc: SheetDocument): string[] {
  const ids: string[] = [];
  for (const page of doc.pages) {
    for (const r of page.regions) {
      if (r.kind === 'objective') ids.push(...r.items.map((i) => i.questionId));
      if (r.kind === 'fill') ids.push(r.questionId);
      if (r.kind === 'subjective' && r.part === 0) ids.push(r.questionId);
    }
  }
  return ids;
}

/** The first pair of overlapping rectangles, found by sweeping left to right; null when none overlap. */
export function firstOverlap(rects: readonly Rect[]): [Rect, Rect] | null {
  const sorted = [...rects].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.x < a.x + a.w; j++) {
      if (overlaps(a, sorted[j]!)) return [a, sorted[j]!];
    }
  }
  return null;
}
