import PDFDocument from 'pdfkit';
import type { RenderSheetPdfOptions, SheetDocument } from '../types';
import { drawRegion } from './drawRegion';
import { loadFont } from './loadFont';
import { INK, pt } from './pdfUnits';

/** Where Debian's fonts-noto-cjk (and CI) install the CJK collection. */
export const DEFAULT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const DEFAULT_FONT_FAMILY = 'NotoSansCJKsc-Regular';

/**
 * Writes a laid-out sheet as a print-ready vector PDF (A4 or A3, one PDF page per sheet page)
 * with a subset of the CJK font embedded. Node only: import it from `@examkit/answer-sheet/pdf`.
 */
export function renderSheetPdf(
  document: SheetDocument,
  options: RenderSheetPdfOptions = {},
): Promise<Buffer> {
  const examNumber = options.student?.examNumber;
  const digits = document.settings.examNumCount;
  if (examNumber !== undefined && !new RegExp(`^\\d{1,${digits}}$`).test(examNumber)) {
    return Promise.reject(
      new RangeError(`answer-sheet: exam number "${examNumber}" must be 1 to ${digits} digits`),
    );
  }
  const size: [number, number] = [pt(document.widthMm), pt(document.heightMm)];
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: document.settings.answerSheetTitle, Creator: '@examkit/answer-sheet' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const font = loadFont(
    options.fontPath ?? DEFAULT_FONT_PATH,
    options.fontFamily ?? DEFAULT_FONT_FAMILY,
  );
  // pdfkit accepts a parsed fontkit font (anything with `layout`); its types only list paths and buffers.
  doc.registerFont('cjk', font as unknown as Buffer);
  for (const page of document.pages) {
    doc.addPage({ size, margin: 0 });
    doc.font('cjk');
    for (const marker of page.markers) {
      const r = marker.rect;
      doc.fillColor(INK.solid).rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h)).fill();
    }
    for (const region of page.regions) drawRegion(doc, region, options.student);
  }
  doc.end();
  return done;
}
