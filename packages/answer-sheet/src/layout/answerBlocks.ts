import type { EssayGrid, ScoreCell, SheetRegion, SheetSettings } from '../types';
import type { LeafQuestion } from './flattenQuestions';
import type { Flowable } from './Flowable';
import { GEOMETRY as G, rect, round } from './geometry';
import { textWidthMm, wrapText } from './wrapText';

/** Smallest part of a subjective box worth starting in a column. */
export const MIN_SUBJECTIVE_PART = 20;
const HEADING_H = 6;
const SCORE_CELL = 4.2;
const FILL_ROW = 8;
const FILL_LABEL_W = 9;
const STEM_LINE = 4.6;

/** Default answer height: 30 mm plus 3 mm a mark, between 30 and 150 mm. */
export function defaultAnswerHeight(fullMarks: number): number {
  return Math.min(150, Math.max(30, 30 + 3 * fullMarks));
}

/** The score bar values: every score up to 15, otherwise tens and units; plus 0.5 when half points show. */
export function scoreBarValues(fullMarks: number, halfPoint: boolean): number[] {
  const full = Math.max(0, Math.floor(fullMarks));
  const values =
    full <= 15
      ? Array.from({ length: full + 1 }, (_, i) => i)
      : [
          ...Array.from({ length: Math.min(15, Math.floor(full / 10)) }, (_, i) => (i + 1) * 10),
          ...Array.from({ length: 10 }, (_, i) => i),
        ];
  return halfPoint ? [...values, 0.5] : values;
}

function headingOf(question: LeafQuestion, part: number): string {
  return part === 0
    ? `${question.number}．（${question.fullMarks}分）`
    : `${question.number} 题（续）`;
}

/** 作文格: 7 mm squares side by side, rows 9 mm apart (the gap holds the count marks). */
export const ESSAY_CELL = 7;
export const ESSAY_ROW = 9;
/** Every how many squares the count is printed. */
export const ESSAY_MARK_EVERY = 100;
/** Rows added after the 字数要求. */
const ESSAY_SPARE_ROWS = 2;

/** Squares of a 作文格 row in a box of this width (a 1.5 mm margin each side). */
export function essayPerRow(width: number): number {
  return Math.max(1, Math.floor((width - 3) / ESSAY_CELL));
}

/** Rows of the whole 作文格 of a question in a box of this width. */
export function essayRows(characters: number, width: number): number {
  return Math.ceil(Math.max(1, characters) / essayPerRow(width)) + ESSAY_SPARE_ROWS;
}

function essayGrid(x: number, y: number, width: number, rows: number, first: number): EssayGrid {
  const perRow = essayPerRow(width);
  const left = x + (width - perRow * ESSAY_CELL) / 2;
  const marks: EssayGrid['marks'][number][] = [];
  for (let k = first + 1; k <= first + rows * perRow; k++) {
    if (k % ESSAY_MARK_EVERY !== 0) continue;
    const at = k - first - 1;
    const [row, col] = [Math.floor(at / perRow), at % perRow];
    marks.push({
      after: k,
      rect: rect(
        left + col * ESSAY_CELL,
        y + row * ESSAY_ROW + ESSAY_CELL,
        ESSAY_CELL,
        ESSAY_ROW - ESSAY_CELL,
      ),
    });
  }
  return {
    x: round(left),
    y: round(y),
    cellMm: ESSAY_CELL,
    rowPitchMm: ESSAY_ROW,
    perRow,
    rows,
    first,
    marks,
  };
}

function subjectivePart(
  question: LeafQuestion,
  width: number,
  height: number,
  part: number,
  settings: SheetSettings,
  /** A 作文格 part: its rows and the squares before it. */
  grid?: { rows: number; first: number },
): Flowable {
  const values = part === 0 ? scoreBarValues(question.fullMarks, settings.isShowHalfPoint) : [];
  const barW = values.length * SCORE_CELL;
  const heading = headingOf(question, part);
  const barOnOwnRow = barW + textWidthMm(heading, G.bodyFont) + 6 > width;
  const top = barOnOwnRow ? HEADING_H + SCORE_CELL + 1 : HEADING_H;
  const minHead = top + 10;
  const self: Flowable = {
    height,
    place(x, y): SheetRegion[] {
      const cellY = barOnOwnRow ? y + HEADING_H : y + 1;
      const cellX = x + width - 1 - barW;
      const scoreCells: ScoreCell[] = values.map((value, i) => ({
        value,
        label: value === 0.5 ? '.5' : String(value),
        rect: rect(cellX + i * SCORE_CELL, cellY, SCORE_CELL, SCORE_CELL),
      }));
      return [
        {
          kind: 'subjective',
          rect: rect(x, y, width, height),
          questionId: question.id,
          number: question.number,
          fullMarks: question.fullMarks,
          part,
          continues: false,
          heading,
          scoreCells,
          ...(grid ? { grid: essayGrid(x, y + top + 1, width, grid.rows, grid.first) } : {}),
        },
      ];
    },
    split(available, atColumnTop) {
      if (grid) {
        // Between rows: as many as fit here, the rest (numbered on) in the next column or page.
        const fit = Math.floor((available - top - 3) / ESSAY_ROW);
        if (fit < 1 || fit >= grid.rows) return null;
        if (!atColumnTop && fit < Math.min(3, grid.rows / 2)) return null;
        const perRow = essayPerRow(width);
        const head = subjectivePart(question, width, round(available), part, settings, {
          rows: fit,
          first: grid.first,
        });
        const rest = grid.rows - fit;
        const tail = subjectivePart(
          question,
          width,
          round(HEADING_H + 1 + rest * ESSAY_ROW + 2),
          part + 1,
          settings,
          { rows: rest, first: grid.first + fit * perRow },
        );
        return {
          head: {
            ...head,
            place: (x, y) =>
              head
                .place(x, y)
                .map((r) => (r.kind === 'subjective' ? { ...r, continues: true } : r)),
          },
          tail,
        };
      }
      if (available < Math.max(minHead, MIN_SUBJECTIVE_PART) || available >= height) return null;
      // Mid-column, split only a box worth splitting: a head of real size and a tail above the minimum.
      if (
        !atColumnTop &&
        (available < Math.min(height / 2, 60) || height - available < MIN_SUBJECTIVE_PART)
      )
        return null;
      const head = subjectivePart(question, width, round(available), part, settings);
      const tail = subjectivePart(
        question,
        width,
        round(Math.max(height - available + HEADING_H, MIN_SUBJECTIVE_PART)),
        part + 1,
        settings,
      );
      return {
        head: {
          ...head,
          place: (x, y) =>
            head.place(x, y).map((r) => (r.kind === 'subjective' ? { ...r, continues: true } : r)),
        },
        tail,
      };
    },
  };
  return self;
}

/** A framed answer box with its score bar, split over columns and pages when it does not fit. */
export function subjectiveBlock(
  question: LeafQuestion,
  width: number,
  settings: SheetSettings,
  heightOverride?: number,
): Flowable {
  if (question.essayGrid) {
    // The heading row (with the score bar on its own row when it is long), then the squares.
    const values = scoreBarValues(question.fullMarks, settings.isShowHalfPoint);
    const barOnOwnRow =
      values.length * SCORE_CELL + textWidthMm(headingOf(question, 0), G.bodyFont) + 6 > width;
    const top = barOnOwnRow ? HEADING_H + SCORE_CELL + 1 : HEADING_H;
    const rows = essayRows(question.essayGrid.characters, width);
    return subjectivePart(question, width, round(top + 1 + rows * ESSAY_ROW + 2), 0, settings, {
      rows,
      first: 0,
    });
  }
  const height = Math.min(
    600,
    Math.max(
      15,
      heightOverride ?? question.answerHeightMm ?? defaultAnswerHeight(question.fullMarks),
    ),
  );
  return subjectivePart(question, width, round(height), 0, settings);
}

/** A fill-in question: its number and one writing line per blank, up to three blanks a row. */
export function fillBlock(question: LeafQuestion, width: number): Flowable {
  const blanks = Math.min(12, Math.max(1, Math.round(question.blankCount ?? 1)));
  const perRow = Math.min(blanks, width >= 150 ? 3 : 2);
  const rows = Math.ceil(blanks / perRow);
  const height = round(rows * FILL_ROW + 1);
  const lineW = (width - FILL_LABEL_W - 2) / perRow;
  return {
    height,
    place(x, y) {
      const lines = Array.from({ length: blanks }, (_, i) =>
        rect(
          x + FILL_LABEL_W + (i % perRow) * lineW + 1,
          y + Math.floor(i / perRow) * FILL_ROW + FILL_ROW - 1.5,
          lineW - 4,
          0.3,
        ),
      );
      return [
        {
          kind: 'fill',
          rect: rect(x, y, width, height),
          questionId: question.id,
          number: question.number,
          fullMarks: question.fullMarks,
          lines,
        },
      ];
    },
  };
}

/** Question text printed above its answer area when the sheet is not a template; split by lines. */
export function stemBlock(questionId: string, lines: string[], width: number): Flowable {
  const height = round(lines.length * STEM_LINE + 1);
  return {
    height,
    place: (x, y) => [
      { kind: 'stem', rect: rect(x, y, width, height), questionId, lines, fontSizeMm: G.bodyFont },
    ],
    split(available) {
      const count = Math.floor((available - 1) / STEM_LINE);
      if (count < 1 || count >= lines.length) return null;
      return {
        head: stemBlock(questionId, lines.slice(0, count), width),
        tail: stemBlock(questionId, lines.slice(count), width),
      };
    },
  };
}

/** Wraps a stem to the column width. */
export function stemLines(stem: string, width: number): string[] {
  return wrapText(stem, width, G.bodyFont);
}

/** An empty area the designer inserted; never split, at most one column tall. */
export function blankBlock(
  blankId: string,
  heightMm: number,
  width: number,
  maxHeight: number,
): Flowable {
  const height = round(Math.min(maxHeight, Math.max(5, heightMm)));
  return { height, place: (x, y) => [{ kind: 'blank', rect: rect(x, y, width, height), blankId }] };
}
