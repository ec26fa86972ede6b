import type { PaperStructure, SheetRegion, SheetSettings } from '../types';
import { splitFields } from '../settings';
import type { Flowable } from './Flowable';
import { cornerAnchors } from './objectiveBlock';
import { GEOMETRY as G, rect, round } from './geometry';
import { textWidthMm, wrapText } from './wrapText';

const TITLE_H = 11;
const FIELD_W = 42;
const FIELD_H = 7;
const ATTENTION_LINE = 3.8;
const ATTENTION_MAX_LINES = 12;
const DIGIT_PITCH = 5.4;
const DIGIT_ROW = 3.8;
const WRITE_BOX_H = 6;
const LABEL_H = 5;
const QR_SIZE = 22;
const STACK_GAP = 2.5;
const SIDE_GAP = 4;

/** A piece of the header measured at a width, placed later at an offset. */
interface Piece {
  w: number;
  h: number;
  regions: (x: number, y: number) => SheetRegion[];
}

function titlePiece(text: string, width: number): Piece {
  const fontSizeMm = Math.min(G.titleFont, (width - 4) / Math.max(1, textWidthMm(text, 1)));
  return {
    w: width,
    h: TITLE_H,
    regions: (x, y) => [{ kind: 'title', rect: rect(x, y, width, TITLE_H), text, fontSizeMm }],
  };
}

function studentInfoPiece(settings: SheetSettings, width: number): Piece | null {
  const labels = splitFields(settings.studentInfoContent);
  if (settings.isClassAndExamNo)
    for (const extra of ['班级', '考号']) if (!labels.includes(extra)) labels.push(extra);
  if (labels.length === 0) return null;
  const perRow = Math.max(1, Math.floor(width / FIELD_W));
  const rows = Math.ceil(labels.length / perRow);
  const fieldW = width / perRow;
  const h = rows * FIELD_H;
  return {
    w: width,
    h,
    regions: (x, y) => [
      {
        kind: 'studentInfo',
        rect: rect(x, y, width, h),
        fields: labels.map((label, i) => {
          const fx = x + (i % perRow) * fieldW;
          const fy = y + Math.floor(i / perRow) * FIELD_H;
          return { label, rect: rect(fx, fy, fieldW, FIELD_H), lineY: round(fy + FIELD_H - 1.2) };
        }),
      },
    ],
  };
}

function attentionPiece(settings: SheetSettings, width: number): Piece {
  const all = wrapText(settings.attentionContent, width - 4, G.smallFont);
  const lines = ['注意事项', ...all.slice(0, ATTENTION_MAX_LINES)];
  const h = round(lines.length * ATTENTION_LINE + 3);
  return {
    w: width,
    h,
    regions: (x, y) => [
      { kind: 'attention', rect: rect(x, y, width, h), lines, fontSizeMm: G.smallFont },
    ],
  };
}

function fillExamplePiece(width: number): Piece {
  const h = 7;
  const y0 = (h - G.bubbleH) / 2;
  return {
    w: width,
    h,
    regions: (x, y) => {
      const correct = rect(x + 16, y + y0, G.bubbleW, G.bubbleH);
      const wrong = [0, 1, 2].map((i) => rect(x + 40 + i * 7, y + y0, G.bubbleW, G.bubbleH));
      return [{ kind: 'fillExample', rect: rect(x, y, width, h), correct, wrong }];
    },
  };
}

function missTagPiece(width: number): Piece {
  const h = 7;
  return {
    w: width,
    h,
    regions: (x, y) => [
      {
        kind: 'missTag',
        rect: rect(x, y, width, h),
        box: rect(x + 16, y + (h - G.bubbleH) / 2, G.bubbleW, G.bubbleH),
      },
    ],
  };
}

/** The exam-number block: a write-in box over each digit column of ten bubbles, anchors at its corners. */
function examNumberPiece(digits: number): Piece {
  const p = G.anchoredPadding;
  const w = round(2 * p + digits * DIGIT_PITCH);
  const h = round(2 * p + LABEL_H + WRITE_BOX_H + 1 + 10 * DIGIT_ROW);
  return {
    w,
    h,
    regions: (x, y) => {
      const box = rect(x, y, w, h);
      const gridTop = y + p + LABEL_H + WRITE_BOX_H + 1;
      const writeBoxes = Array.from({ length: digits }, (_, d) =>
        rect(x + p + d * DIGIT_PITCH, y + p + LABEL_H, DIGIT_PITCH, WRITE_BOX_H),
      );
      const columns = Array.from({ length: digits }, (_, d) =>
        Array.from({ length: 10 }, (_, v) => ({
          label: String(v),
          rect: rect(
            x + p + d * DIGIT_PITCH + (DIGIT_PITCH - G.bubbleW) / 2,
            gridTop + v * DIGIT_ROW + (DIGIT_ROW - G.bubbleH) / 2,
            G.bubbleW,
            G.bubbleH,
          ),
        })),
      );
      return [
        { kind: 'examNumber', rect: box, anchors: cornerAnchors(box), writeBoxes, digits: columns },
      ];
    },
  };
}

function barcodePiece(): Piece {
  const w = 62;
  const h = 30;
  return { w, h, regions: (x, y) => [{ kind: 'barcode', rect: rect(x, y, w, h) }] };
}

/** The QR code square (quiet zone inside) over its caption; 22 mm keeps modules ≥ 0.5 mm up to version 4. */
function qrcodePiece(payload: string | null): Piece {
  const h = QR_SIZE + LABEL_H;
  return {
    w: QR_SIZE,
    h,
    regions: (x, y) => [
      { kind: 'qrcode', rect: rect(x, y, QR_SIZE, h), code: rect(x, y, QR_SIZE, QR_SIZE), payload },
    ],
  };
}

function stack(pieces: Piece[]): Piece {
  const w = Math.max(0, ...pieces.map((p) => p.w));
  const h = round(
    pieces.reduce((sum, p) => sum + p.h, 0) + STACK_GAP * Math.max(0, pieces.length - 1),
  );
  return {
    w,
    h,
    regions: (x, y) => {
      const out: SheetRegion[] = [];
      let top = y;
      for (const piece of pieces) {
        out.push(...piece.regions(x, top));
        top += piece.h + STACK_GAP;
      }
      return out;
    },
  };
}

/** Width the left stack needs before the header switches to one stack. */
const MIN_LEFT_WIDTH = 64;

/**
 * The first page's header: title, then student information, attention notes, filling example
 * and absent mark on the left, the exam number (or barcode) and the QR code of `identity` on the right.
 * In a column too narrow for two stacks everything stacks.
 */
export function headerBlock(
  paper: PaperStructure,
  settings: SheetSettings,
  width: number,
  identity: string | null = null,
): Flowable {
  const title = titlePiece(
    paper.subject ? `${settings.answerSheetTitle} ${paper.subject}` : settings.answerSheetTitle,
    width,
  );
  const right: Piece[] = [
    settings.examNoType === 2 ? barcodePiece() : examNumberPiece(settings.examNumCount),
  ];
  if (!settings.isHiddenQrcode) right.push(qrcodePiece(identity));
  const rightW = Math.max(...right.map((p) => p.w));
  const sideBySide = width - rightW - SIDE_GAP >= MIN_LEFT_WIDTH;
  const leftW = sideBySide ? width - rightW - SIDE_GAP : width;
  const left = [
    studentInfoPiece(settings, leftW),
    attentionPiece(settings, leftW),
    settings.isShowCorrectStand ? fillExamplePiece(leftW) : null,
    settings.hasMissTag ? missTagPiece(leftW) : null,
  ].filter((p): p is Piece => p !== null);
  const body = sideBySide
    ? (() => {
        const l = stack(left);
        const r = stack(right);
        return {
          w: width,
          h: Math.max(l.h, r.h),
          regions: (x: number, y: number) => [...l.regions(x, y), ...r.regions(x + width - r.w, y)],
        };
      })()
    : stack([...left, ...right]);
  const height = round(title.h + STACK_GAP + body.h);
  return {
    height,
    place: (x, y) => [...title.regions(x, y), ...body.regions(x, y + title.h + STACK_GAP)],
  };
}
