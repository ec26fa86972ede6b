// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutSheet } from '../layoutSheet';
import { renderSheetPdf } from '../pdf/renderSheetPdf';
import { toRecognitionTemplate } from '../template/toRecognitionTemplate';
import { firstOverlap, innerRects } from '../test/sheetChecks';
import type { PaperStructure, SheetDocument, SheetRegion } from '../types';
import { contains } from './geometry';
import { ESSAY_MARK_EVERY, essayPerRow } from './answerBlocks';

/** A 作文 homework: one essay question with a 作文格 for `characters` characters. */
const essay = (characters: number): PaperStructure => ({
  subject: '语文',
  questions: [
    { id: 'h1', number: '1', type: 'subjective', fullMarks: 60, essayGrid: { characters } },
  ],
});

type Part = Extract<SheetRegion, { kind: 'subjective' }> & { page: number };

/** The essay's parts in order, with their pages. */
function partsOf(doc: SheetDocument): Part[] {
  return doc.pages.flatMap((p) =>
    p.regions.flatMap((r) =>
      r.kind === 'subjective' && r.questionId === 'h1' ? [{ ...r, page: p.index }] : [],
    ),
  );
}

describe('作文格 (essay grid) answer sheets', () => {
  it('gives squares for the 字数要求 and two rows to spare, the count under every 100th square', () => {
    const doc = layoutSheet(essay(600));
    const parts = partsOf(doc);
    expect(parts.length).toBeGreaterThan(0);
    const grids = parts.map((p) => p.grid!);
    expect(grids.every(Boolean)).toBe(true);
    const perRow = grids[0]!.perRow;
    expect(perRow).toBe(essayPerRow(parts[0]!.rect.w));
    const squares = grids.reduce((n, g) => n + g.perRow * g.rows, 0);
    expect(squares).toBe((Math.ceil(600 / perRow) + 2) * perRow);
    expect(squares).toBeGreaterThanOrEqual(600);
    const marks = grids.flatMap((g) => g.marks.map((m) => m.after));
    expect(marks).toEqual(
      Array.from({ length: Math.floor(squares / ESSAY_MARK_EVERY) }, (_, i) => (i + 1) * 100),
    );
    for (const part of parts) {
      // Squares and marks lie inside the answer box, clear of each other and the score bar.
      for (const r of innerRects(part)) expect(contains(part.rect, r)).toBe(true);
      expect(firstOverlap(innerRects(part))).toBeNull();
    }
    // The 100th square's mark sits right under it.
    const g = grids[0]!;
    const at = 99 - g.first;
    const mark = g.marks.find((m) => m.after === 100)!;
    expect(mark.rect.x).toBeCloseTo(g.x + (at % g.perRow) * g.cellMm, 1);
    expect(mark.rect.y).toBeCloseTo(g.y + Math.floor(at / g.perRow) * g.rowPitchMm + g.cellMm, 1);
  });

  it('continues a long essay over columns and pages, numbering the squares on', () => {
    const doc = layoutSheet(essay(2000), { isHen: 0 });
    const parts = partsOf(doc);
    expect(doc.pages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(parts.map((p) => p.page)).size).toBeGreaterThanOrEqual(2);
    expect(parts.map((p) => p.part)).toEqual(parts.map((_, i) => i));
    expect(parts.map((p) => p.continues)).toEqual(parts.map((_, i) => i < parts.length - 1));
    let first = 0;
    for (const part of parts) {
      expect(part.grid!.first).toBe(first);
      first += part.grid!.perRow * part.grid!.rows;
    }
    expect(first).toBeGreaterThanOrEqual(2000);
    const marks = parts.flatMap((p) => p.grid!.marks.map((m) => m.after));
    expect(marks.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 100));
    // Every part is a crop region of the recognition template, on its page.
    const template = toRecognitionTemplate(doc);
    const crops = template.elements.filter(
      (e) => e.kind === 'subjective' && 'questionId' in e && e.questionId === 'h1',
    );
    expect(crops.map((c) => c.page)).toEqual(parts.map((p) => p.page));
  });

  it('prints the squares and the counts in the PDF', async () => {
    const doc = layoutSheet(essay(800));
    const pdf = await renderSheetPdf(doc);
    const dir = mkdtempSync(join(tmpdir(), 'essay-grid-'));
    try {
      const file = join(dir, 'essay.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', [file, '-']).toString();
      for (const n of ['100', '400', '800']) expect(text).toContain(n);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('leaves a plain answer box without a grid', () => {
    const doc = layoutSheet({
      subject: '语文',
      questions: [{ id: 'h1', number: '1', type: 'subjective', fullMarks: 10 }],
    });
    expect(partsOf(doc).every((p) => p.grid === undefined)).toBe(true);
  });
});
