import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  layoutSheet,
  toRecognitionTemplate,
  type PaperQuestion,
  type PaperStructure,
  type RecognitionTemplate,
  type SheetDocument,
} from '@examkit/answer-sheet';
import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { parsePgm } from '../decode';
import { prepareTemplate } from '../prepare';
import type { RawImage } from '../types';
import {
  addNoise,
  addSpeckle,
  boxBlur,
  errorDiffusion,
  orderedDither,
  placeOnCanvas,
  threshold,
  unevenLight,
} from './degrade';
import { scannedPdf, type PdfEncoding } from './pdfWriter';
import { drawDot, drawNonFill, drawPencil, NON_FILL_KINDS, type PencilMark } from './pencil';
import { between, chance, pick, rng } from './random';
import type { QuestionTruth, ScanFileFormat, SheetTruth } from './truth';

const run = promisify(execFile);

/** The corpus paper: 25 single choice, 5 multiple choice (5 options), 10 true/false, a fill-in and two subjective answers over two A4 pages. */
export function corpusPaper(): PaperStructure {
  const questions: PaperQuestion[] = [];
  for (let i = 1; i <= 40; i++) {
    const type = i <= 25 ? 'single' : i <= 30 ? 'multiple' : 'judge';
    questions.push({
      id: `q${i}`,
      number: String(i),
      type,
      fullMarks: 2,
      ...(type === 'multiple' ? { optionCount: 5 } : {}),
    });
  }
  questions.push({ id: 'q41', number: '41', type: 'fill', fullMarks: 4, blankCount: 2 });
  questions.push({ id: 'q42', number: '42', type: 'subjective', fullMarks: 10 });
  questions.push({ id: 'q43', number: '43', type: 'subjective', fullMarks: 12 });
  return { subject: '数学', questions };
}

/** Another exam's paper (different layout) for the wrong-sheet checks. */
export function otherPaper(): PaperStructure {
  const questions: PaperQuestion[] = [];
  for (let i = 1; i <= 12; i++)
    questions.push({ id: `p${i}`, number: String(i), type: 'single', fullMarks: 3 });
  questions.push({ id: 'p13', number: '13', type: 'subjective', fullMarks: 20 });
  return { subject: '语文', questions };
}

export interface CorpusTemplate {
  paper: PaperStructure;
  document: SheetDocument;
  template: RecognitionTemplate;
}

export function corpusTemplate(
  paper: PaperStructure = corpusPaper(),
  settings: Parameters<typeof layoutSheet>[1] = {},
): CorpusTemplate {
  const document = layoutSheet(paper, settings);
  return { paper, document, template: toRecognitionTemplate(document) };
}

export interface CorpusSheet {
  truth: SheetTruth;
  /** Encoded scan (or raw pixels when `format` is `'raw'`). */
  file: Buffer | null;
  raw: RawImage | null;
}

export interface CorpusOptions {
  /** First seed; sheet i uses seed + i. */
  seed: number;
  count: number;
  /** Scan resolutions to draw from. @default [150, 200, 300] */
  dpis?: readonly number[];
  /** File formats to draw from. @default jpeg, png, tiff, pdf with weights 6:2:1:1 */
  formats?: readonly ScanFileFormat[];
  /** Degrade the page (rotation, scale, shift, blur, light, noise, 1-bit, dither). @default true */
  degrade?: boolean;
  /** Share of sheets on page 2 (no marks, only crops). @default 0.1 */
  secondPageShare?: number;
  /** Paper to render. @default corpusPaper() */
  paper?: PaperStructure;
  /**
   * Share of questions marked with a mark that is not a fill (cross, tick, bar, centre dot,
   * circled bubble) on one option instead of the usual draw. @default 0
   */
  nonFill?: number;
  /** Forces the scan's colour mode (else 1-bit 6 %, ordered dither 3 %, error diffusion 3 %). */
  scanMode?: 'grey' | '1-bit' | 'dither-ordered' | 'dither-diffusion';
  /** Speckle (isolated black specks and white drop-outs, 0.1–0.6 % of pixels) on black-and-white scans. @default false */
  speckle?: boolean;
  /** How a `pdf` file holds its image. @default 'pdfkit' (JPEG, or PNG for black and white, through pdfkit) */
  pdfEncoding?: PdfEncoding;
}

const blankCache = new Map<string, Promise<RawImage>>();

/** Renders the designer's own PDF of the paper and rasterises a page with pdftoppm (cached per process). */
export function blankPage(ct: CorpusTemplate, page: number, dpi: number): Promise<RawImage> {
  const key = `${JSON.stringify(ct.paper)}:${JSON.stringify(ct.document.settings)}:${ct.template.widthMm}:${page}:${dpi}`;
  let hit = blankCache.get(key);
  if (!hit) {
    hit = (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'examkit-corpus-'));
      try {
        const pdf = join(dir, 'sheet.pdf');
        await writeFile(pdf, await renderSheetPdf(ct.document));
        const n = String(page + 1);
        await run('pdftoppm', [
          '-gray',
          '-r',
          String(dpi),
          '-f',
          n,
          '-l',
          n,
          '-singlefile',
          pdf,
          join(dir, 'p'),
        ]);
        return parsePgm(await readFile(join(dir, 'p.pgm')));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    blankCache.set(key, hit);
  }
  return hit;
}

const clearMark = (r: () => number): PencilMark => ({
  darkness: between(r, 0.65, 0.95),
  coverage: 1,
  style: chance(r, 0.3) ? 'strokes' : 'fill',
  size: between(r, 0.92, 1.12),
});

/** Generates one sheet from its seed. */
export async function generateSheet(
  ct: CorpusTemplate,
  seed: number,
  options: Omit<CorpusOptions, 'seed' | 'count'> = {},
): Promise<CorpusSheet> {
  const r = rng(seed);
  const prepared = prepareTemplate(ct.template);
  const dpi = pick(r, options.dpis ?? [150, 200, 200, 300]);
  const page = ct.template.pageCount > 1 && chance(r, options.secondPageShare ?? 0.1) ? 1 : 0;
  const blank = await blankPage(ct, page, dpi);
  const img: RawImage = {
    width: blank.width,
    height: blank.height,
    data: new Uint8Array(blank.data),
  };
  const k = dpi / 25.4;
  const pg = prepared.pages[page]!;
  const truth: SheetTruth = {
    seed,
    page,
    examNumber: '',
    examNumberClear: true,
    absent: false,
    upsideDown: false,
    dpi,
    rotationDeg: 0,
    scale: 1,
    format: 'png',
    degradations: [],
    hiddenMarker: null,
    questions: [],
    bubbles: [],
  };
  const absent = pg.absent !== null && chance(r, 0.04);
  truth.absent = absent;
  if (pg.absent && absent) drawPencil(img, pg.absent, k, clearMark(r), r);
  // Exam number, in pencil.
  if (pg.examDigits.length > 0) {
    let number = '';
    const odd = chance(r, 0.04) ? Math.floor(r() * pg.examDigits.length) : -1;
    pg.examDigits.forEach((col, d) => {
      const v = Math.floor(r() * 10);
      number += String(v);
      if (d === odd) {
        truth.examNumberClear = false;
        if (chance(r, 0.5))
          drawPencil(
            img,
            col[v]!.rect,
            k,
            { darkness: between(r, 0.22, 0.38), coverage: 1, style: 'fill', size: 1 },
            r,
          );
        else {
          drawPencil(img, col[v]!.rect, k, clearMark(r), r);
          drawPencil(img, col[(v + 1 + Math.floor(r() * 9)) % 10]!.rect, k, clearMark(r), r);
        }
      } else drawPencil(img, col[v]!.rect, k, clearMark(r), r);
    });
    truth.examNumber = number;
  }
  // Objective answers.
  const rNonFill = rng(seed ^ 0x2f1b_c3d5);
  for (const q of pg.questions) {
    const opts = q.options;
    const n = opts.length;
    if (!absent && options.nonFill && chance(rNonFill, options.nonFill)) {
      // A mark that is not a fill, alone on one option: the student's choice, drawn another way.
      const kind = pick(rNonFill, NON_FILL_KINDS);
      const at = Math.floor(rNonFill() * n);
      drawNonFill(img, opts[at]!.rect, k, kind, rNonFill);
      truth.questions.push({ questionId: q.questionId, answer: opts[at]!.option, kind });
      opts.forEach((o, i) =>
        truth.bubbles.push({
          questionId: q.questionId,
          option: o.option,
          intended: i === at ? 'faint' : 'blank',
        }),
      );
      continue;
    }
    const roll = r();
    let kind: QuestionTruth['kind'] = absent
      ? 'blank'
      : roll < 0.8
        ? 'clear'
        : roll < 0.85
          ? 'blank'
          : roll < 0.89
            ? 'faint'
            : roll < 0.93
              ? 'double'
              : roll < 0.97
                ? 'erasure'
                : roll < 0.985
                  ? 'stray'
                  : 'partial';
    if (kind === 'double' && q.questionType === 'multiple') kind = 'clear';
    const intended = new Array<'filled' | 'blank' | 'faint' | 'erased'>(n).fill('blank');
    const one = Math.floor(r() * n);
    if (kind === 'clear' || kind === 'stray' || kind === 'erasure') {
      if (q.questionType === 'multiple') {
        for (let i = 0; i < n; i++) if (chance(r, 0.45)) intended[i] = 'filled';
        if (!intended.includes('filled')) intended[one] = 'filled';
      } else intended[one] = 'filled';
    }
    if (kind === 'faint' || kind === 'partial') intended[one] = 'faint';
    if (kind === 'double') {
      intended[one] = 'filled';
      intended[(one + 1 + Math.floor(r() * (n - 1))) % n] = 'filled';
    }
    if (kind === 'erasure') {
      const blanks = intended.flatMap((s, i) => (s === 'blank' ? [i] : []));
      if (blanks.length > 0) intended[pick(r, blanks)] = 'erased';
      else kind = 'clear';
    }
    opts.forEach((o, i) => {
      const s = intended[i]!;
      if (s === 'filled') drawPencil(img, o.rect, k, clearMark(r), r);
      else if (s === 'faint')
        drawPencil(
          img,
          o.rect,
          k,
          kind === 'partial'
            ? {
                darkness: between(r, 0.7, 0.9),
                coverage: between(r, 0.35, 0.5),
                style: 'fill',
                size: 1,
              }
            : {
                darkness: between(r, 0.25, 0.4),
                coverage: 1,
                style: 'fill',
                size: between(r, 0.95, 1.1),
              },
          r,
        );
      else if (s === 'erased')
        drawPencil(
          img,
          o.rect,
          k,
          {
            darkness: between(r, 0.05, 0.16),
            coverage: 1,
            style: 'smudge',
            size: between(r, 0.9, 1.15),
          },
          r,
        );
    });
    if (kind === 'stray') {
      const blanks = intended.flatMap((s, i) => (s === 'blank' ? [i] : []));
      const o = opts[pick(r, blanks.length > 0 ? blanks : [0])]!.rect;
      drawDot(
        img,
        o.x + between(r, 0.2, 0.8) * o.w,
        o.y + between(r, 0.2, 0.8) * o.h,
        between(r, 0.15, 0.35),
        k,
        between(r, 0.5, 0.9),
      );
    }
    const answer = opts
      .flatMap((o, i) => (intended[i] === 'filled' || intended[i] === 'faint' ? [o.option] : []))
      .join('');
    truth.questions.push({ questionId: q.questionId, answer, kind });
    opts.forEach((o, i) =>
      truth.bubbles.push({ questionId: q.questionId, option: o.option, intended: intended[i]! }),
    );
  }
  // Handwriting-ish scribbles in the subjective boxes (so crops are not empty).
  for (const g of pg.regions) {
    for (let s = 0; s < 6; s++) {
      const x = g.rect.x + between(r, 5, g.rect.w - 30);
      const y = g.rect.y + between(r, 8, Math.max(9, g.rect.h - 5));
      for (let t = 0; t < 40; t++)
        drawDot(img, x + t * 0.5, y + Math.sin(t / 2) * 1.5, 0.25, k, 0.8);
    }
  }

  let out = img;
  const degrade = options.degrade ?? true;
  if (degrade) {
    // Torn corner: one marker lost.
    if (chance(r, 0.03)) {
      const m = Math.floor(r() * 4);
      const c = pg.markers[m]!;
      for (let y = Math.round((c.y - 5) * k); y < (c.y + 5) * k; y++)
        for (let x = Math.round((c.x - 5) * k); x < (c.x + 5) * k; x++)
          if (x >= 0 && y >= 0 && x < out.width && y < out.height)
            out.data[y * out.width + x] = 255;
      truth.hiddenMarker = m;
      truth.degradations.push('torn-corner');
    }
    truth.rotationDeg = between(r, -5, 5);
    truth.scale = between(r, 0.97, 1.03);
    truth.upsideDown = chance(r, 0.1);
    out = placeOnCanvas(
      out,
      truth.rotationDeg,
      truth.scale,
      between(r, -4, 4) * k,
      between(r, -4, 4) * k,
      truth.upsideDown,
      8 * k,
    );
    truth.degradations.push('geometry');
    // A black-and-white scanner corrects its shading before thresholding: little uneven light there.
    const bw = r();
    const mode =
      options.scanMode ??
      (bw < 0.06
        ? '1-bit'
        : bw < 0.09
          ? 'dither-ordered'
          : bw < 0.12
            ? 'dither-diffusion'
            : 'grey');
    if (chance(r, 0.5)) {
      unevenLight(
        out,
        between(r, 0.05, mode === 'grey' ? 0.35 : 0.12),
        r() * Math.PI * 2,
        between(r, 0, mode === 'grey' ? 0.2 : 0.05),
      );
      truth.degradations.push('light');
    }
    if (chance(r, 0.5)) {
      boxBlur(out, chance(r, 0.5) ? 1 : 2);
      truth.degradations.push('blur');
    }
    if (chance(r, 0.6)) {
      addNoise(out, between(r, 2, 12), Math.floor(r() * 2 ** 31));
      truth.degradations.push('noise');
    }
    if (mode === '1-bit') threshold(out, 128);
    else if (mode === 'dither-ordered') orderedDither(out);
    else if (mode === 'dither-diffusion') errorDiffusion(out);
    if (mode !== 'grey') truth.degradations.push(mode);
    if (mode !== 'grey' && options.speckle) {
      addSpeckle(out, between(rNonFill, 0.001, 0.006), Math.floor(rNonFill() * 2 ** 31));
      truth.degradations.push('speckle');
    }
  }
  let format: ScanFileFormat = pick<ScanFileFormat>(
    r,
    options.formats ?? [
      'jpeg',
      'jpeg',
      'jpeg',
      'jpeg',
      'jpeg',
      'jpeg',
      'png',
      'png',
      'tiff',
      'pdf',
    ],
  );
  // Scanners save black-and-white pages losslessly (PNG, TIFF, PDF), never as JPEG.
  const blackAndWhite = truth.degradations.some((d) => d === '1-bit' || d.startsWith('dither'));
  if (blackAndWhite && format === 'jpeg') format = pick<ScanFileFormat>(r, ['png', 'tiff', 'pdf']);
  truth.format = format;
  if (format === 'raw') return { truth, file: null, raw: out };
  const colour = chance(r, 0.2);
  if (colour) truth.degradations.push('colour');
  const file = await encodeScan(out, format, {
    colour,
    quality: Math.round(between(r, 50, 95)),
    dpi,
    lossless: blackAndWhite,
    ...(options.pdfEncoding ? { pdfEncoding: options.pdfEncoding } : {}),
  });
  return { truth, file, raw: null };
}

/** Encodes a grey page as a scanner would (optionally colour-tinted): JPEG, PNG, TIFF or PDF. */
export async function encodeScan(
  img: RawImage,
  format: Exclude<ScanFileFormat, 'raw'>,
  o: {
    colour?: boolean;
    quality?: number;
    dpi: number;
    /** PDF: embed PNG instead of JPEG. */ lossless?: boolean;
    /** PDF: how the image is held. @default 'pdfkit' */
    pdfEncoding?: PdfEncoding;
  },
): Promise<Buffer> {
  if (format === 'pdf' && o.pdfEncoding && o.pdfEncoding !== 'pdfkit' && !o.colour)
    return scannedPdf(img, o.pdfEncoding, o.dpi, o.quality ?? 85);
  let s: ReturnType<typeof sharp>;
  if (o.colour) {
    const rgb = new Uint8Array(img.width * img.height * 3);
    for (let i = 0; i < img.data.length; i++) {
      const v = img.data[i]!;
      rgb[i * 3] = v;
      rgb[i * 3 + 1] = Math.round(v * 0.97);
      rgb[i * 3 + 2] = Math.round(v * 0.9);
    }
    s = sharp(rgb, { raw: { width: img.width, height: img.height, channels: 3 } });
  } else {
    // Grey stays one channel in the file, as grey scanners write it (sharp would widen to sRGB).
    s = sharp(img.data, {
      raw: { width: img.width, height: img.height, channels: 1 },
    }).toColourspace('b-w');
  }
  // sharp's withMetadata (the only way to write a density) widens grey to sRGB: grey files go
  // without one; the recogniser takes its scale from the markers anyway.
  if (o.colour) s = s.withMetadata({ density: o.dpi });
  if (format === 'png') return s.png({ compressionLevel: 1 }).toBuffer();
  if (format === 'tiff') return s.tiff({ compression: 'lzw' }).toBuffer();
  const jpeg =
    o.lossless && format === 'pdf'
      ? await s.png({ compressionLevel: 1 }).toBuffer()
      : await s.jpeg({ quality: o.quality ?? 85 }).toBuffer();
  if (format === 'jpeg') return jpeg;
  const doc = new PDFDocument({
    size: [(img.width / o.dpi) * 72, (img.height / o.dpi) * 72],
    margin: 0,
    autoFirstPage: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((res) => doc.on('end', () => res()));
  doc.image(jpeg, 0, 0, { width: (img.width / o.dpi) * 72, height: (img.height / o.dpi) * 72 });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** Generates `count` sheets from seeds `seed … seed + count − 1`, one at a time. */
export async function* generateCorpus(options: CorpusOptions): AsyncGenerator<CorpusSheet> {
  const ct = corpusTemplate(options.paper);
  for (let i = 0; i < options.count; i++) yield generateSheet(ct, options.seed + i, options);
}

export { emptyScore, mergeScores, scoreSheet, type CorpusScore } from './evaluate';
export type { QuestionTruth, ScanFileFormat, SheetTruth } from './truth';
export { scannedPdf, type PdfEncoding } from './pdfWriter';
export { NON_FILL_KINDS, type NonFillKind } from './pencil';
export { fillSheet } from './fillSheet';
