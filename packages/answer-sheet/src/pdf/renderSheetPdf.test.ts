// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { layoutSheet } from '../layoutSheet';
import { toRecognitionTemplate } from '../template/toRecognitionTemplate';
import { samplePaper, smallPaper } from '../test/fixtures';
import { greyAt, greyRange, rasterizePage, type GreyImage } from '../test/rasterize';
import type { RecognitionTemplate, SheetDocument, TemplateElement } from '../types';
import { renderSheetPdf } from './renderSheetPdf';

/** How far from its template position an element may print. */
const TOLERANCE = 0.3;
const PAPER = 245;

type Box = Extract<TemplateElement, { kind: 'marker' }>;
type Area = Pick<Box, 'x' | 'y' | 'w' | 'h'>;

/** The solid core of an element: its rectangle shrunk by the tolerance. */
function solidCore(image: GreyImage, e: Area) {
  return greyRange(
    image,
    e.x + TOLERANCE,
    e.y + TOLERANCE,
    e.w - 2 * TOLERANCE,
    e.h - 2 * TOLERANCE,
  );
}

/** Darkest pixel across each edge of an outline, within the tolerance on both sides of the edge. */
function edgeDarkness(image: GreyImage, e: Area): number[] {
  const t = TOLERANCE;
  const mx = e.x + e.w / 2;
  const my = e.y + e.h / 2;
  return [
    greyRange(image, e.x - t, my - 0.2, 2 * t, 0.4).min,
    greyRange(image, e.x + e.w - t, my - 0.2, 2 * t, 0.4).min,
    greyRange(image, mx - 0.2, e.y - t, 0.4, 2 * t).min,
    greyRange(image, mx - 0.2, e.y + e.h - t, 0.4, 2 * t).min,
  ];
}

function onPage(template: RecognitionTemplate, page: number, kind: TemplateElement['kind']) {
  return template.elements.filter((e) => e.page === page && e.kind === kind);
}

function checkAgainstTemplate(
  document: SheetDocument,
  image: GreyImage,
  page: number,
  examNumber?: string,
) {
  const template = toRecognitionTemplate(document);
  const markers = onPage(template, page, 'marker');
  expect(markers).toHaveLength(4);
  for (const m of markers) {
    expect(solidCore(image, m).max, `marker ${JSON.stringify(m)}`).toBeLessThan(60);
    // Paper just beyond the tolerance on every side: the marker is where the template says, not larger.
    const out = TOLERANCE + 0.35;
    for (const [x, y] of [
      [m.x - out, m.y + m.h / 2],
      [m.x + m.w + out, m.y + m.h / 2],
      [m.x + m.w / 2, m.y - out],
      [m.x + m.w / 2, m.y + m.h + out],
    ] as const) {
      expect(greyAt(image, x, y)).toBeGreaterThan(PAPER);
    }
  }
  for (const a of onPage(template, page, 'anchor'))
    expect(solidCore(image, a).max).toBeLessThan(60);
  for (const cell of onPage(template, page, 'pageCode')) {
    if (cell.kind !== 'pageCode') continue;
    const centre = greyAt(image, cell.x + cell.w / 2, cell.y + cell.h / 2);
    if (cell.filled) expect(solidCore(image, cell).max).toBeLessThan(60);
    else expect(centre).toBeGreaterThan(PAPER);
  }
  const bubbles = [...onPage(template, page, 'bubble'), ...onPage(template, page, 'absent')];
  expect(bubbles.length + onPage(template, page, 'subjective').length).toBeGreaterThan(0);
  for (const b of bubbles) {
    for (const edge of edgeDarkness(image, b))
      expect(edge, `bubble ${JSON.stringify(b)}`).toBeLessThan(225);
  }
  for (const cell of onPage(template, page, 'examNumberCell')) {
    if (cell.kind !== 'examNumberCell') continue;
    for (const edge of edgeDarkness(image, cell)) expect(edge).toBeLessThan(225);
    const prefilled = examNumber?.[cell.digit] === String(cell.value);
    const core = greyAt(image, cell.x + cell.w / 2, cell.y + cell.h / 2);
    if (prefilled) expect(core).toBeLessThan(60);
  }
  for (const box of onPage(template, page, 'subjective')) {
    for (const edge of edgeDarkness(image, box)) expect(edge).toBeLessThan(120);
  }
}

/** Every point of a 1.5 mm grid that lies 0.5 mm or more from every region and marker is blank paper. */
function checkBlankPaper(document: SheetDocument, image: GreyImage, page: number) {
  const sheetPage = document.pages[page]!;
  const rects = [...sheetPage.regions.map((r) => r.rect), ...sheetPage.markers.map((m) => m.rect)];
  const clear = 0.5;
  let sampled = 0;
  for (let y = 1; y < document.heightMm - 1; y += 1.5) {
    for (let x = 1; x < document.widthMm - 1; x += 1.5) {
      const near = rects.some(
        (r) => x > r.x - clear && x < r.x + r.w + clear && y > r.y - clear && y < r.y + r.h + clear,
      );
      if (near) continue;
      sampled++;
      expect(greyAt(image, x, y), `ink at ${x.toFixed(1)}, ${y.toFixed(1)} mm`).toBeGreaterThan(
        PAPER,
      );
    }
  }
  expect(sampled).toBeGreaterThan(1000);
}

/** A rectangle (mm) of a grey page as RGBA pixels, the arguments jsQR takes. */
function rgba(image: GreyImage, r: Area): [Uint8ClampedArray, number, number] {
  const k = image.dpi / 25.4;
  const x0 = Math.floor(r.x * k);
  const y0 = Math.floor(r.y * k);
  const w = Math.ceil(r.w * k);
  const h = Math.ceil(r.h * k);
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = image.pixels[(y0 + y) * image.width + x0 + x] ?? 255;
      out.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  return [out, w, h];
}

describe('renderSheetPdf', () => {
  const a4 = layoutSheet(samplePaper(60));
  const a3 = layoutSheet(smallPaper(), {
    isHen: 1,
    column: 3,
    hasSealLine: true,
    hasCareTip: true,
    isHiddenQrcode: false,
    isShowCorrectStand: true,
    isTemplate: false,
    isObjectiveVertical: true,
  });
  const student = { examNumber: '20260137', name: '张小明' };
  let a4Pdf: Buffer;
  let a3Pdf: Buffer;

  beforeAll(async () => {
    a4Pdf = await renderSheetPdf(a4, { student });
    a3Pdf = await renderSheetPdf(a3);
  });

  it('writes one PDF page per sheet page at A4 and A3 size with the CJK font subset embedded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'answer-sheet-'));
    try {
      const a4File = join(dir, 'a4.pdf');
      const a3File = join(dir, 'a3.pdf');
      writeFileSync(a4File, a4Pdf);
      writeFileSync(a3File, a3Pdf);
      const info = (file: string) => execFileSync('pdfinfo', [file]).toString();
      expect(info(a4File)).toMatch(new RegExp(`Pages:\\s+${a4.pages.length}\\b`));
      expect(info(a4File)).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
      expect(info(a3File)).toMatch(/Page size:\s+1190\.5\d* x 841\.8\d* pts \(A3\)/);
      const fonts = execFileSync('pdffonts', [a4File]).toString();
      expect(fonts).toMatch(
        /[A-Z]{6}\+NotoSansCJKsc-Regular\s+CID Type 0C\s+Identity-H\s+yes yes yes/,
      );
      const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', a4File, '-']).toString();
      expect(text).toContain('答题卡 数学');
      expect(text).toContain('缺考标记');
      expect(text).toContain('张小明');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([150, 200, 300])(
    'prints markers, bubbles and boxes where the template says at %d dpi (A4)',
    (dpi) => {
      const image = rasterizePage(a4Pdf, 0, dpi);
      checkAgainstTemplate(a4, image, 0, student.examNumber);
      checkBlankPaper(a4, image, 0);
    },
  );

  it('prints the later pages where the template says (A4 page 2, 150 dpi)', () => {
    const image = rasterizePage(a4Pdf, 1, 150);
    checkAgainstTemplate(a4, image, 1);
    checkBlankPaper(a4, image, 1);
  });

  it.each([150, 200, 300])(
    'prints the A3 three-column sheet with seal line where the template says at %d dpi',
    (dpi) => {
      const image = rasterizePage(a3Pdf, 0, dpi);
      checkAgainstTemplate(a3, image, 0);
      checkBlankPaper(a3, image, 0);
    },
  );

  it.each([150, 200])(
    'prints the identity as a QR code that decodes from the page pixels at %d dpi',
    async (dpi) => {
      const identity = 'EK1|20260|9c41d07b';
      const doc = layoutSheet(samplePaper(60), { isHiddenQrcode: false }, {}, { identity });
      const image = rasterizePage(await renderSheetPdf(doc), 0, dpi);
      const code = toRecognitionTemplate(doc).elements.find((e) => e.kind === 'qrcode');
      if (code?.kind !== 'qrcode') throw new Error('no QR code in the template');
      expect(code.payload).toBe(identity);
      // Only the code's square, as a reader crops it: the quiet zone is inside the square.
      const read = jsQR(...rgba(image, code), { inversionAttempts: 'dontInvert' });
      expect(read?.data).toBe(identity);
      checkBlankPaper(doc, image, 0);
    },
  );

  it('prints an empty labelled box, no code, where the sheet has no identity', () => {
    const image = rasterizePage(a3Pdf, 0, 150);
    const region = a3.pages[0]!.regions.find((r) => r.kind === 'qrcode');
    if (region?.kind !== 'qrcode') throw new Error('no QR area');
    const { code } = region;
    expect(greyRange(image, code.x + 1, code.y + 1, code.w - 2, code.h - 2).min).toBeGreaterThan(
      PAPER,
    );
    expect(jsQR(...rgba(image, code))).toBeNull();
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-', '-'], {
      input: a3Pdf,
    }).toString();
    expect(text).toContain('二维码');
  });

  it('refuses an exam number that does not fit the bubble grid', async () => {
    await expect(renderSheetPdf(a4, { student: { examNumber: '123456789' } })).rejects.toThrow(
      /1 to 8 digits/,
    );
    await expect(renderSheetPdf(a4, { student: { examNumber: '2026A137' } })).rejects.toThrow(
      RangeError,
    );
  });

  it('pre-prints a student: exam-number bubbles filled only in the student’s digits', () => {
    const image = rasterizePage(a4Pdf, 0, 150);
    const cells = toRecognitionTemplate(a4).elements.filter((e) => e.kind === 'examNumberCell');
    const filled = cells.filter((c) => greyAt(image, c.x + c.w / 2, c.y + c.h / 2) < 60);
    expect(filled.map((c) => (c.kind === 'examNumberCell' ? c.value : -1)).join('')).toBe(
      student.examNumber,
    );
  });
});
