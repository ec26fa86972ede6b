import type {
  LayoutOptions,
  PaperStructure,
  Rect,
  SheetDocument,
  SheetOverrides,
  SheetPage,
  SheetRegion,
  SheetSettings,
} from './types';
import { resolveSettings, splitFields } from './settings';
import { orderedLeaves, type LeafQuestion } from './layout/flattenQuestions';
import type { Flowable } from './layout/Flowable';
import { GEOMETRY as G, PAGE_SIZES, rect } from './layout/geometry';
import { headerBlock } from './layout/headerBlock';
import { objectiveBlock } from './layout/objectiveBlock';
import {
  blankBlock,
  fillBlock,
  stemBlock,
  stemLines,
  subjectiveBlock,
} from './layout/answerBlocks';
import {
  CARE_TIP,
  cornerMarkers,
  pageCodeRegion,
  pageNumberRegion,
  sealLineRegion,
} from './layout/pageFurniture';

const CARE_TIP_H = 4;
/** Printable ASCII, short enough for a QR code of version 4 (level M) in the 22 mm square. */
const IDENTITY = /^[\x20-\x7e]{1,62}$/;

function columnFrames(content: Rect, settings: SheetSettings): Rect[] {
  const left = settings.hasSealLine ? content.x + G.sealLineWidth + G.columnGap : content.x;
  const available = content.x + content.w - left;
  const n = settings.column;
  const w = (available - (n - 1) * G.columnGap) / n;
  const bottomReserve = settings.hasCareTip ? CARE_TIP_H + 1 : 0;
  return Array.from({ length: n }, (_, i) =>
    rect(left + i * (w + G.columnGap), content.y, w, content.h - bottomReserve),
  );
}

function isObjective(q: LeafQuestion): boolean {
  return q.type === 'single' || q.type === 'multiple' || q.type === 'judge';
}

/** The questions (and inserted blank areas) as flowables, in display order. */
function questionFlowables(
  leaves: LeafQuestion[],
  settings: SheetSettings,
  overrides: SheetOverrides,
  width: number,
  columnHeight: number,
): Flowable[] {
  const blanksAfter = new Map<string | null, { id: string; heightMm: number }[]>();
  for (const blank of overrides.blankAreas ?? []) {
    const list = blanksAfter.get(blank.afterQuestionId) ?? [];
    list.push(blank);
    blanksAfter.set(blank.afterQuestionId, list);
  }
  const out: Flowable[] = [];
  const pushBlanks = (after: string | null) => {
    for (const b of blanksAfter.get(after) ?? [])
      out.push(blankBlock(b.id, b.heightMm, width, columnHeight));
  };
  pushBlanks(null);
  let run: LeafQuestion[] = [];
  const flushRun = () => {
    if (run.length > 0) out.push(objectiveBlock(run, width, settings));
    run = [];
  };
  for (const q of leaves) {
    const stem = settings.isTemplate
      ? undefined
      : [q.parentStem, q.stem].filter(Boolean).join('\n');
    if (stem) {
      flushRun();
      out.push(stemBlock(q.id, stemLines(stem, width), width));
    }
    if (isObjective(q)) run.push(q);
    else {
      flushRun();
      out.push(
        q.type === 'fill'
          ? fillBlock(q, width)
          : subjectiveBlock(q, width, settings, overrides.answerHeights?.[q.id]),
      );
    }
    if (blanksAfter.has(q.id)) {
      flushRun();
      pushBlanks(q.id);
    }
  }
  flushRun();
  return out;
}

/**
 * Lays out an answer sheet: pages, columns and every region in millimetres.
 * Questions flow down the columns in display order; objective blocks split between rows of
 * groups and subjective boxes split with a continuation mark when they reach a column's foot.
 * `options.identity` is what the first page's QR code holds (when `isHiddenQrcode` is false).
 * @see docs/answer-sheet.md for the geometry
 */
export function layoutSheet(
  paper: PaperStructure,
  settings: Partial<SheetSettings> = {},
  overrides: SheetOverrides = {},
  options: LayoutOptions = {},
): SheetDocument {
  const { identity } = options;
  if (identity !== undefined && !IDENTITY.test(identity))
    throw new RangeError('answer-sheet: identity must be 1 to 62 printable ASCII characters');
  const resolved = resolveSettings(settings);
  const paperSize = resolved.isHen === 1 ? 'A3' : 'A4';
  const { widthMm, heightMm } = PAGE_SIZES[paperSize];
  const m = G.contentMargin;
  const contentArea = rect(m, m, widthMm - 2 * m, heightMm - 2 * m);
  const pm = G.printableMargin;
  const printableArea = rect(pm, pm, widthMm - 2 * pm, heightMm - 2 * pm);
  const columns = columnFrames(contentArea, resolved);
  const first = columns[0] as Rect;

  const flowables = [
    headerBlock(paper, resolved, first.w, identity ?? null),
    ...questionFlowables(orderedLeaves(paper, overrides), resolved, overrides, first.w, first.h),
  ];

  const pageRegions: SheetRegion[][] = [[]];
  let page = 0;
  let col = 0;
  let y = first.y;
  let columnEmpty = true;
  const nextColumn = () => {
    col += 1;
    if (col >= columns.length) {
      col = 0;
      page += 1;
      pageRegions.push([]);
    }
    y = first.y;
    columnEmpty = true;
  };
  for (let flowable of flowables) {
    for (;;) {
      const frame = columns[col] as Rect;
      const available = frame.y + frame.h - y;
      if (flowable.height <= available + 1e-9) {
        pageRegions[page]?.push(...flowable.place(frame.x, y));
        y += flowable.height + G.blockGap;
        columnEmpty = false;
        break;
      }
      const parts = flowable.split?.(available, columnEmpty);
      if (parts) {
        pageRegions[page]?.push(...parts.head.place(frame.x, y));
        flowable = parts.tail;
        nextColumn();
        continue;
      }
      if (columnEmpty)
        throw new Error(`answer-sheet: a block of ${flowable.height} mm does not fit a column`);
      nextColumn();
    }
  }

  const pageCount = pageRegions.length;
  const sealFields = splitFields(resolved.sealLineStudentInfoContent);
  const pages: SheetPage[] = pageRegions.map((regions, index) => {
    const furniture: SheetRegion[] = [];
    if (resolved.hasSealLine) furniture.push(sealLineRegion(contentArea, sealFields));
    if (resolved.hasCareTip) {
      for (const frame of columns) {
        furniture.push({
          kind: 'careTip',
          rect: rect(frame.x, frame.y + frame.h + 1, frame.w, CARE_TIP_H),
          text: CARE_TIP,
        });
      }
    }
    furniture.push(pageCodeRegion(index, widthMm, heightMm));
    if (resolved.showPagination)
      furniture.push(pageNumberRegion(index, pageCount, widthMm, heightMm));
    return {
      index,
      columns,
      markers: cornerMarkers(widthMm, heightMm),
      regions: [...regions, ...furniture],
    };
  });

  return {
    version: 1,
    paperSize,
    widthMm,
    heightMm,
    contentArea,
    printableArea,
    settings: resolved,
    ...(identity !== undefined ? { identity } : {}),
    pages,
  };
}
