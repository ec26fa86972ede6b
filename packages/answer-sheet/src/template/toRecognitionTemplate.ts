import type { RecognitionTemplate, Rect, SheetDocument, TemplateElement } from '../types';
import { GEOMETRY } from '../layout/geometry';

function box(r: Rect): { x: number; y: number; w: number; h: number } {
  return { x: r.x, y: r.y, w: r.w, h: r.h };
}

/**
 * The recognition template of a laid-out sheet (`version: 1`): every marker, anchor, page-code
 * cell, bubble, exam-number cell, absent box, QR code (with the payload it must read as) and
 * answer region in millimetres, with its page (0-based), question and option. Its JSON Schema
 * is `@examkit/answer-sheet/recognition-template.schema.json`.
 */
export function toRecognitionTemplate(document: SheetDocument): RecognitionTemplate {
  const elements: TemplateElement[] = [];
  for (const { index: page, markers, regions } of document.pages) {
    for (const m of markers)
      elements.push({ kind: 'marker', page, corner: m.corner, ...box(m.rect) });
    for (const region of regions) {
      switch (region.kind) {
        case 'pageCode':
          region.cells.forEach((c, bit) =>
            elements.push({ kind: 'pageCode', page, bit, filled: c.filled, ...box(c.rect) }),
          );
          break;
        case 'objective':
          for (const a of region.anchors)
            elements.push({ kind: 'anchor', page, block: 'objective', ...box(a) });
          for (const item of region.items) {
            for (const o of item.options) {
              elements.push({
                kind: 'bubble',
                page,
                questionId: item.questionId,
                number: item.number,
                questionType: item.type,
                option: o.option,
                ...box(o.rect),
              });
            }
          }
          break;
        case 'examNumber':
          for (const a of region.anchors)
            elements.push({ kind: 'anchor', page, block: 'examNumber', ...box(a) });
          region.digits.forEach((column, digit) =>
            column.forEach((b, value) =>
              elements.push({ kind: 'examNumberCell', page, digit, value, ...box(b.rect) }),
            ),
          );
          break;
        case 'barcode':
          elements.push({ kind: 'barcode', page, ...box(region.rect) });
          break;
        case 'qrcode':
          // Only a code with a payload can be checked; an empty box is not recognisable.
          if (region.payload !== null)
            elements.push({ kind: 'qrcode', page, payload: region.payload, ...box(region.code) });
          break;
        case 'missTag':
          elements.push({ kind: 'absent', page, ...box(region.box) });
          break;
        case 'fill':
          elements.push({
            kind: 'fill',
            page,
            questionId: region.questionId,
            number: region.number,
            fullMarks: region.fullMarks,
            part: 0,
            ...box(region.rect),
          });
          break;
        case 'subjective':
          elements.push({
            kind: 'subjective',
            page,
            questionId: region.questionId,
            number: region.number,
            fullMarks: region.fullMarks,
            part: region.part,
            ...box(region.rect),
          });
          for (const c of region.scoreCells) {
            elements.push({
              kind: 'scoreCell',
              page,
              questionId: region.questionId,
              value: c.value,
              ...box(c.rect),
            });
          }
          break;
        default:
          break;
      }
    }
  }
  return {
    version: 1,
    unit: 'mm',
    paperSize: document.paperSize,
    widthMm: document.widthMm,
    heightMm: document.heightMm,
    pageCount: document.pages.length,
    examNoType: document.settings.examNoType,
    examNumCount: document.settings.examNumCount,
    pageCodeBits: GEOMETRY.pageCodeBits,
    elements,
  };
}
