import type { Bubble, ObjectiveItem, Rect, SheetRegion, SheetSettings } from '../types';
import type { LeafQuestion } from './flattenQuestions';
import type { Flowable } from './Flowable';
import { GEOMETRY as G, rect, round } from './geometry';

const GROUP_SIZE = 5;
const GROUP_GAP = 5;
const ROW_GAP = 3;
const LABEL_W = 8;
const VERTICAL_COL = 7;
const VERTICAL_LABEL_H = 4;
const VERTICAL_PITCH = 4;

/** Option count of a choice question, between 2 and 8; true/false always has 2. */
export function optionCountOf(question: LeafQuestion): number {
  if (question.type === 'judge') return 2;
  return Math.min(8, Math.max(2, Math.round(question.optionCount ?? 4)));
}

function optionNames(
  question: LeafQuestion,
  settings: SheetSettings,
): { option: string; label: string }[] {
  if (question.type === 'judge') {
    return settings.isJudgeSymbol === 2
      ? [
          { option: 'T', label: 'T' },
          { option: 'F', label: 'F' },
        ]
      : [
          { option: 'T', label: '√' },
          { option: 'F', label: '×' },
        ];
  }
  return Array.from({ length: optionCountOf(question) }, (_, i) => {
    const letter = String.fromCharCode(65 + i);
    return { option: letter, label: letter };
  });
}

interface Group {
  questions: LeafQuestion[];
  w: number;
  h: number;
}

function measureGroup(questions: LeafQuestion[], vertical: boolean): Group {
  const most = Math.max(...questions.map(optionCountOf));
  return vertical
    ? { questions, w: questions.length * VERTICAL_COL, h: VERTICAL_LABEL_H + most * VERTICAL_PITCH }
    : { questions, w: LABEL_W + most * G.optionPitch, h: questions.length * G.rowPitch };
}

/** Groups of five packed left to right into rows that fit the inner width. */
function packRows(groups: Group[], innerWidth: number): Group[][] {
  const rows: Group[][] = [];
  let row: Group[] = [];
  let used = 0;
  for (const group of groups) {
    const need = row.length === 0 ? group.w : used + GROUP_GAP + group.w;
    if (row.length > 0 && need > innerWidth) {
      rows.push(row);
      row = [group];
      used = group.w;
    } else {
      row.push(group);
      used = need;
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

function rowHeight(row: Group[]): number {
  return Math.max(...row.map((g) => g.h));
}

function blockHeight(rows: Group[][]): number {
  return round(
    2 * G.anchoredPadding +
      rows.reduce((sum, r) => sum + rowHeight(r), 0) +
      (rows.length - 1) * ROW_GAP,
  );
}

function cornerAnchors(box: Rect): Rect[] {
  const s = G.anchorSize;
  const i = G.anchorInset;
  return [
    rect(box.x + i, box.y + i, s, s),
    rect(box.x + box.w - i - s, box.y + i, s, s),
    rect(box.x + i, box.y + box.h - i - s, s, s),
    rect(box.x + box.w - i - s, box.y + box.h - i - s, s, s),
  ];
}

export { cornerAnchors };

function placeGroup(
  group: Group,
  x: number,
  y: number,
  vertical: boolean,
  settings: SheetSettings,
): ObjectiveItem[] {
  return group.questions.map((question, k) => {
    const names = optionNames(question, settings);
    let labelRect: Rect;
    let options: (Bubble & { option: string })[];
    if (vertical) {
      const cx = x + k * VERTICAL_COL;
      labelRect = rect(cx, y, VERTICAL_COL, VERTICAL_LABEL_H);
      options = names.map((n, j) => ({
        ...n,
        rect: rect(
          cx + (VERTICAL_COL - G.bubbleW) / 2,
          y + VERTICAL_LABEL_H + j * VERTICAL_PITCH + (VERTICAL_PITCH - G.bubbleH) / 2,
          G.bubbleW,
          G.bubbleH,
        ),
      }));
    } else {
      const ry = y + k * G.rowPitch;
      labelRect = rect(x, ry, LABEL_W - 1, G.rowPitch);
      options = names.map((n, j) => ({
        ...n,
        rect: rect(
          x + LABEL_W + j * G.optionPitch + (G.optionPitch - G.bubbleW) / 2,
          ry + (G.rowPitch - G.bubbleH) / 2,
          G.bubbleW,
          G.bubbleH,
        ),
      }));
    }
    return {
      questionId: question.id,
      number: question.number,
      type: question.type as ObjectiveItem['type'],
      fullMarks: question.fullMarks,
      labelRect,
      options,
    };
  });
}

function blockFromRows(rows: Group[][], width: number, settings: SheetSettings): Flowable {
  const vertical = settings.isObjectiveVertical;
  const height = blockHeight(rows);
  return {
    height,
    place(x, y): SheetRegion[] {
      const box = rect(x, y, width, height);
      const items: ObjectiveItem[] = [];
      let top = y + G.anchoredPadding;
      for (const row of rows) {
        let left = x + G.anchoredPadding;
        for (const group of row) {
          items.push(...placeGroup(group, left, top, vertical, settings));
          left += group.w + GROUP_GAP;
        }
        top += rowHeight(row) + ROW_GAP;
      }
      return [{ kind: 'objective', rect: box, anchors: cornerAnchors(box), items }];
    },
    split(available) {
      let count = 0;
      while (count < rows.length && blockHeight(rows.slice(0, count + 1)) <= available) count++;
      if (count === 0 || count === rows.length) return null;
      return {
        head: blockFromRows(rows.slice(0, count), width, settings),
        tail: blockFromRows(rows.slice(count), width, settings),
      };
    },
  };
}

/** A framed block of consecutive objective questions, five to a group, with anchors at its corners. */
export function objectiveBlock(
  questions: LeafQuestion[],
  width: number,
  settings: SheetSettings,
): Flowable {
  const vertical = settings.isObjectiveVertical;
  const groups: Group[] = [];
  for (let i = 0; i < questions.length; i += GROUP_SIZE) {
    groups.push(measureGroup(questions.slice(i, i + GROUP_SIZE), vertical));
  }
  return blockFromRows(packRows(groups, width - 2 * G.anchoredPadding), width, settings);
}
