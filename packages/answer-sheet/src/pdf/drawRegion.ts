import type { EssayGrid, Rect, SheetRegion } from '../types';
import { SEAL_LINE_TEXT } from '../layout/pageFurniture';
import { qrcodeRects } from '../qrcode/qrcodeRects';
import { INK, STROKE, pt } from './pdfUnits';

/** Ink of a CJK glyph sits between 0.28 and 1.28 em below the text origin in Noto Sans CJK. */
const INK_CENTRE_EM = 0.78;

export interface Student {
  examNumber: string;
  name?: string;
}

type Align = 'left' | 'center' | 'right';

/** Writes one line of text vertically centred in a band `top`..`top + h`, never wrapping. */
export function textIn(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  top: number,
  h: number,
  sizeMm: number,
  options: { width?: number; align?: Align; color?: string } = {},
): void {
  const y = top + h / 2 - INK_CENTRE_EM * sizeMm;
  doc.fillColor(options.color ?? INK.text).fontSize(pt(sizeMm));
  let left = x;
  if (options.width !== undefined && options.align && options.align !== 'left') {
    // Aligned by hand: pdfkit's own alignment goes through its line wrapper, which may add pages.
    const spare = options.width - doc.widthOfString(text) / pt(1);
    left = x + (options.align === 'center' ? spare / 2 : spare);
  }
  doc.text(text, pt(left), pt(y), { lineBreak: false });
}

function frame(
  doc: PDFKit.PDFDocument,
  r: Rect,
  width: number = STROKE.frame,
  color: string = INK.frame,
): void {
  const inset = width / 2;
  doc
    .lineWidth(pt(width))
    .strokeColor(color)
    .rect(pt(r.x + inset), pt(r.y + inset), pt(r.w - width), pt(r.h - width))
    .stroke();
}

/** A 作文格: each row a strip of squares in a light hairline, the count under every 100th. */
function essayGridLines(doc: PDFKit.PDFDocument, grid: EssayGrid): void {
  const w = grid.perRow * grid.cellMm;
  doc.lineWidth(pt(STROKE.hair)).strokeColor(INK.hint);
  for (let row = 0; row < grid.rows; row++) {
    const top = grid.y + row * grid.rowPitchMm;
    doc.rect(pt(grid.x), pt(top), pt(w), pt(grid.cellMm));
    for (let col = 1; col < grid.perRow; col++)
      doc
        .moveTo(pt(grid.x + col * grid.cellMm), pt(top))
        .lineTo(pt(grid.x + col * grid.cellMm), pt(top + grid.cellMm));
  }
  doc.stroke();
  for (const mark of grid.marks)
    textIn(doc, String(mark.after), mark.rect.x, mark.rect.y, mark.rect.h, SMALL * 0.8, {
      width: mark.rect.w,
      align: 'right',
      color: INK.hint,
    });
}

function solid(doc: PDFKit.PDFDocument, r: Rect): void {
  doc.fillColor(INK.solid).rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h)).fill();
}

/** A bubble: a thin light rounded outline with its label inside, or solid when pre-filled. */
function bubble(doc: PDFKit.PDFDocument, r: Rect, label: string, filled = false): void {
  const inset = STROKE.bubble / 2;
  doc
    .lineWidth(pt(STROKE.bubble))
    .strokeColor(INK.bubble)
    .roundedRect(
      pt(r.x + inset),
      pt(r.y + inset),
      pt(r.w - STROKE.bubble),
      pt(r.h - STROKE.bubble),
      pt(0.8),
    )
    .stroke();
  if (filled) {
    doc
      .fillColor(INK.solid)
      .roundedRect(pt(r.x + 0.3), pt(r.y + 0.3), pt(r.w - 0.6), pt(r.h - 0.6), pt(0.6))
      .fill();
    return;
  }
  textIn(doc, label, r.x, r.y, r.h, r.h * 0.7, {
    width: r.w,
    align: 'center',
    color: INK.bubbleLabel,
  });
}

function underline(doc: PDFKit.PDFDocument, x1: number, x2: number, y: number): void {
  doc
    .lineWidth(pt(STROKE.line))
    .strokeColor(INK.frame)
    .moveTo(pt(x1), pt(y))
    .lineTo(pt(x2), pt(y))
    .stroke();
}

const BODY = 3.2;
const SMALL = 2.6;

/** Draws one region of the sheet; everything stays inside `region.rect`. */
export function drawRegion(
  doc: PDFKit.PDFDocument,
  region: SheetRegion,
  student: Student | undefined,
): void {
  const { rect: r } = region;
  switch (region.kind) {
    case 'title':
      textIn(doc, region.text, r.x, r.y, r.h, region.fontSizeMm, { width: r.w, align: 'center' });
      break;
    case 'studentInfo':
      for (const field of region.fields) {
        const label = `${field.label}：`;
        const labelW = label.length * BODY;
        textIn(doc, label, field.rect.x, field.rect.y, field.rect.h - 1, BODY);
        underline(doc, field.rect.x + labelW, field.rect.x + field.rect.w - 3, field.lineY);
        const value =
          field.label === '姓名'
            ? student?.name
            : field.label === '考号'
              ? student?.examNumber
              : undefined;
        if (value)
          textIn(doc, value, field.rect.x + labelW + 1, field.rect.y, field.rect.h - 1.6, BODY);
      }
      break;
    case 'examNumber': {
      frame(doc, r);
      for (const a of region.anchors) solid(doc, a);
      const first = region.writeBoxes[0];
      if (first)
        textIn(doc, '准考证号', r.x, r.y + 4.5, first.y - r.y - 4.5, SMALL, {
          width: r.w,
          align: 'center',
        });
      const digits = student?.examNumber ?? '';
      region.writeBoxes.forEach((box, d) => {
        frame(doc, box, STROKE.hair, INK.hint);
        const digit = digits[d];
        if (digit) textIn(doc, digit, box.x, box.y, box.h, BODY, { width: box.w, align: 'center' });
      });
      region.digits.forEach((column, d) =>
        column.forEach((b, v) => bubble(doc, b.rect, b.label, digits[d] === String(v))),
      );
      break;
    }
    case 'barcode':
      doc.dash(pt(1.5), { space: pt(1) });
      frame(doc, r, STROKE.line);
      doc.undash();
      textIn(doc, '贴条形码区', r.x, r.y, r.h, 4, { width: r.w, align: 'center', color: INK.hint });
      if (student)
        textIn(doc, student.examNumber, r.x, r.y + r.h * 0.6, r.h * 0.3, BODY, {
          width: r.w,
          align: 'center',
        });
      break;
    case 'attention':
      frame(doc, r, STROKE.line);
      region.lines.forEach((line, i) =>
        textIn(doc, line, r.x + 2, r.y + 1.5 + i * 3.8, 3.8, region.fontSizeMm, {
          ...(i === 0 ? { width: r.w - 4, align: 'center' as const } : {}),
        }),
      );
      break;
    case 'fillExample':
      textIn(doc, '正确填涂', r.x, r.y, r.h, BODY);
      bubble(doc, region.correct, '', true);
      textIn(doc, '错误填涂', region.correct.x + 8, r.y, r.h, BODY);
      region.wrong.forEach((w, i) => {
        bubble(doc, w, '');
        textIn(doc, ['√', '×', '○'][i] ?? '', w.x, w.y, w.h, w.h, {
          width: w.w,
          align: 'center',
          color: INK.solid,
        });
      });
      break;
    case 'missTag':
      textIn(doc, '缺考标记', r.x, r.y, r.h, BODY);
      bubble(doc, region.box, '');
      textIn(doc, '（考生禁填，由监考员填涂）', region.box.x + region.box.w + 2, r.y, r.h, SMALL, {
        color: INK.hint,
      });
      break;
    case 'qrcode': {
      const { code } = region;
      if (region.payload !== null) {
        // One path for every module: no hairline seams between neighbours when rasterised.
        for (const m of qrcodeRects(code, region.payload).rects)
          doc.rect(pt(m.x), pt(m.y), pt(m.w), pt(m.h));
        doc.fillColor(INK.solid).fill();
      } else {
        doc.dash(pt(1), { space: pt(1) });
        frame(doc, code, STROKE.line);
        doc.undash();
      }
      textIn(doc, '二维码', r.x, code.y + code.h, r.y + r.h - code.y - code.h, SMALL, {
        width: r.w,
        align: 'center',
        color: INK.hint,
      });
      break;
    }
    case 'careTip':
      textIn(doc, region.text, r.x, r.y, r.h, SMALL, {
        width: r.w,
        align: 'center',
        color: INK.hint,
      });
      break;
    case 'sealLine': {
      const lineX = r.x + r.w - 2;
      doc.dash(pt(2), { space: pt(1.2) });
      underline(doc, lineX, lineX, r.y);
      doc
        .lineWidth(pt(STROKE.line))
        .moveTo(pt(lineX), pt(r.y))
        .lineTo(pt(lineX), pt(r.y + r.h))
        .stroke();
      doc.undash();
      // Rotated a quarter turn anticlockwise: text runs bottom to top along the strip.
      doc.save();
      doc.rotate(-90, { origin: [pt(r.x), pt(r.y + r.h)] });
      const along = (mm: number) => r.x + mm;
      textIn(doc, SEAL_LINE_TEXT, along(0), r.y + r.h + r.w - 5.5, 3.5, SMALL, {
        width: r.h,
        align: 'center',
        color: INK.hint,
      });
      const fieldW = r.h / Math.max(1, region.fields.length);
      region.fields.forEach((label, i) => {
        const fx = along(i * fieldW);
        textIn(doc, `${label}：`, fx + 4, r.y + r.h + 3, 6, BODY);
        underline(doc, fx + 4 + (label.length + 1) * BODY, fx + fieldW - 4, r.y + r.h + 8.5);
      });
      doc.restore();
      break;
    }
    case 'objective':
      frame(doc, r);
      for (const a of region.anchors) solid(doc, a);
      for (const item of region.items) {
        const vertical = item.labelRect.h < item.labelRect.w;
        textIn(
          doc,
          item.number,
          item.labelRect.x,
          item.labelRect.y,
          item.labelRect.h,
          SMALL + 0.2,
          {
            width: item.labelRect.w,
            align: vertical ? 'center' : 'right',
          },
        );
        for (const o of item.options) bubble(doc, o.rect, o.label);
      }
      break;
    case 'stem':
      region.lines.forEach((line, i) =>
        textIn(doc, line, r.x, r.y + 0.5 + i * 4.6, 4.6, region.fontSizeMm),
      );
      break;
    case 'fill':
      textIn(doc, `${region.number}．`, r.x, r.y, 8, BODY);
      for (const line of region.lines)
        underline(doc, line.x, line.x + line.w, line.y + STROKE.line / 2);
      break;
    case 'subjective': {
      frame(doc, r);
      textIn(doc, region.heading, r.x + 2, r.y + 0.5, 5, BODY);
      for (const cell of region.scoreCells) {
        frame(doc, cell.rect, STROKE.hair, INK.hint);
        textIn(doc, cell.label, cell.rect.x, cell.rect.y, cell.rect.h, SMALL * 0.9, {
          width: cell.rect.w,
          align: 'center',
          color: INK.hint,
        });
      }
      if (region.grid) essayGridLines(doc, region.grid);
      if (region.continues) {
        textIn(doc, '（续见下一栏）', r.x, r.y + r.h - 5, 4, SMALL, {
          width: r.w - 2,
          align: 'right',
          color: INK.hint,
        });
      }
      break;
    }
    case 'pageCode':
      for (const cell of region.cells) {
        if (cell.filled) solid(doc, cell.rect);
        else frame(doc, cell.rect, STROKE.hair, INK.bubble);
      }
      break;
    case 'pageNumber':
      textIn(doc, region.text, r.x, r.y, r.h, SMALL + 0.2);
      break;
    case 'blank':
      break;
  }
}
