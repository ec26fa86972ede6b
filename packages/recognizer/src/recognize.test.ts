import { layoutSheet, toRecognitionTemplate } from '@examkit/answer-sheet';
import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { placeOnCanvas } from './corpus/degrade';
import { emptyScore, scoreSheet } from './corpus/evaluate';
import {
  corpusTemplate,
  encodeScan,
  generateSheet,
  otherPaper,
  type CorpusSheet,
} from './corpus/index';
import {
  decodeScan,
  recognizeImage,
  recognizeScan,
  recognizeSheet,
  ScanDecodeError,
  sniffFormat,
} from './index';
import type { RawImage, RecognizedSheet, SheetResult } from './types';

const ct = corpusTemplate();
const ok = (r: SheetResult): RecognizedSheet => {
  if (r.status === 'failed') throw new Error(`failed: ${r.reason}`);
  return r;
};
const copy = (img: RawImage): RawImage => ({ ...img, data: new Uint8Array(img.data) });

/** Tuning seeds are 1–999 and reporting seeds 100 000+; tests use 10 000+. */
const SEED = 10_000;
const clean: CorpusSheet[] = [];
const degraded: CorpusSheet[] = [];

beforeAll(async () => {
  for (let i = 0; i < 4; i++)
    clean.push(
      await generateSheet(ct, SEED + i, {
        degrade: false,
        formats: ['raw'],
        dpis: [200],
        secondPageShare: 0,
      }),
    );
  for (let i = 0; i < 20; i++)
    degraded.push(
      await generateSheet(ct, SEED + 100 + i, {
        dpis: [150, 150, 200],
        formats: ['raw', 'raw', 'raw', 'jpeg', 'jpeg', 'png', 'tiff', 'pdf'],
      }),
    );
}, 240_000);

describe('recognizeImage on clean renders', () => {
  it('reads every answer, the exam number and the absent mark as drawn', () => {
    for (const s of clean) {
      const r = ok(recognizeImage(s.raw!, ct.template));
      expect(r.page).toBe(0);
      expect(r.alignment.markersFound).toBe(4);
      expect(r.alignment.anchorsFound).toBe(r.alignment.anchorsExpected);
      expect(r.alignment.pxPerMm).toBeCloseTo(200 / 25.4, 1);
      expect(r.absent).toBe(s.truth.absent);
      if (s.truth.examNumberClear) expect(r.examNumber).toBe(s.truth.examNumber);
      else expect(r.examNumber).toBeNull();
      for (const q of s.truth.questions) {
        const a = r.answers.find((x) => x.questionId === q.questionId)!;
        if (q.kind === 'clear' || q.kind === 'blank' || q.kind === 'stray') {
          expect(a.status, q.questionId).toBe('ok');
          expect(a.answer, q.questionId).toBe(q.answer);
        }
        if (q.kind === 'double' || q.kind === 'faint' || q.kind === 'partial')
          expect(a.status).toBe('review');
        if (q.kind === 'erasure' && a.status === 'ok') expect(a.answer).toBe(q.answer);
      }
    }
  });

  it('cuts every subjective region with a 1 mm margin and keeps the aligned page', () => {
    const r = ok(recognizeImage(clean[0]!.raw!, ct.template, { alignedPage: 'always' }));
    const regions = ct.template.elements.filter(
      (e) => (e.kind === 'subjective' || e.kind === 'fill') && e.page === 0,
    );
    expect(r.crops).toHaveLength(regions.length);
    for (const c of r.crops) {
      const e = regions.find((x) => 'questionId' in x && x.questionId === c.questionId)!;
      expect(c.rectMm).toEqual({ x: e.x - 1, y: e.y - 1, w: e.w + 2, h: e.h + 2 });
      expect(c.image.width).toBe(Math.round((e.w + 2) * r.alignment.pxPerMm));
      expect(c.image.data.length).toBe(c.image.width * c.image.height);
    }
    expect(r.alignedPage!.width).toBe(Math.round((210 * 100) / 25.4));
    const none = ok(
      recognizeImage(clean[0]!.raw!, ct.template, { alignedPage: 'never', skipCrops: true }),
    );
    expect(none.alignedPage).toBeUndefined();
    expect(none.crops).toEqual([]);
    // By default only sheets going to review keep it.
    const byDefault = ok(recognizeImage(clean[0]!.raw!, ct.template));
    expect(byDefault.alignedPage === undefined).toBe(byDefault.status === 'ok');
  });

  it('reads a sheet upside down and with a corner marker torn off', () => {
    const s = clean[1]!;
    const base = ok(recognizeImage(s.raw!, ct.template));
    const turned = ok(recognizeImage(placeOnCanvas(s.raw!, 2, 1.01, 5, -5, true, 40), ct.template));
    expect(turned.alignment.upsideDown).toBe(true);
    expect(turned.answers.map((a) => a.answer)).toEqual(base.answers.map((a) => a.answer));
    expect(turned.examNumber).toBe(base.examNumber);
    for (let corner = 0; corner < 4; corner++) {
      const torn = copy(s.raw!);
      const k = 200 / 25.4;
      const cx = corner % 2 ? 200 : 10;
      const cy = corner > 1 ? 287 : 10;
      for (let y = Math.round((cy - 5) * k); y < (cy + 5) * k; y++)
        for (let x = Math.round((cx - 5) * k); x < (cx + 5) * k; x++)
          torn.data[y * torn.width + x] = 255;
      const r = ok(recognizeImage(torn, ct.template));
      expect(r.alignment.markersFound).toBe(3);
      expect(r.answers.map((a) => a.answer)).toEqual(base.answers.map((a) => a.answer));
    }
  });

  it('scores against an answer key and checks the exam number against the roster', () => {
    const s = clean[2]!;
    const key = Object.fromEntries(
      s.truth.questions.map((q) => [q.questionId, { answer: q.answer || 'A', marks: 2 }]),
    );
    const r = ok(recognizeImage(s.raw!, ct.template, { answerKey: key }));
    for (const a of r.answers) {
      const q = s.truth.questions.find((x) => x.questionId === a.questionId)!;
      if (a.status === 'ok' && q.kind === 'clear') expect(a.score).toBe(2);
      if (a.status === 'review') expect(a.score).toBeNull();
    }
    if (s.truth.examNumberClear) {
      const unknown = ok(recognizeImage(s.raw!, ct.template, { examNumbers: ['00000000'] }));
      expect(unknown.status).toBe('review');
      expect(unknown.examNumber).toBeNull();
      expect(unknown.reviewReasons.join()).toContain('不在本场考生名单中');
    }
  });
});

describe('degraded corpus (rotation, scale, shift, blur, light, noise, 1-bit, dither, JPEG/PNG/TIFF/PDF)', () => {
  it('aligns every sheet and never reads a wrong answer, exam number or absent mark silently', async () => {
    const score = emptyScore();
    for (const s of degraded)
      scoreSheet(score, s.truth, await recognizeSheet(s.raw ?? s.file!, ct.template));
    expect(score.failures).toEqual([]);
    expect(score.wrongPage + score.wrongOrientation).toBe(0);
    expect(score.silentExamNumberErrors).toBe(0);
    expect(score.clearBubbleErrors).toBe(0);
    expect(score.silentWrongAnswers, score.examples.join('\n')).toBe(0);
    expect(score.absentFalseAlarms).toBe(0);
    expect(score.absentFound).toBe(score.absentTrue);
    expect(score.clearBubbles).toBeGreaterThan(1500);
  }, 120_000);

  // Sheets that once failed in the reporting range: a partial true/false mark just under the
  // faint level (301020), a torn corner with anchors merged into lines in a 1-bit scan at
  // 150 dpi (301227), an exam-number cell a hair from the threshold (301356), a torn corner
  // with a second marker cut off by the scan's edge (701503: two markers left).
  it.each([301020, 301227, 301356, 701503])(
    'seed %i is aligned and its doubtful reading goes to review',
    async (seed) => {
      const s = await generateSheet(ct, seed);
      const result = await recognizeSheet(s.raw ?? s.file!, ct.template);
      const score = emptyScore();
      scoreSheet(score, s.truth, result);
      expect(score.failures).toEqual([]);
      expect(result.status).toBe('review');
      expect(
        score.silentWrongAnswers + score.silentExamNumberErrors,
        score.examples.join('\n'),
      ).toBe(0);
    },
    30_000,
  );
});

describe('failures are typed results, never exceptions', () => {
  it('rejects another exam’s sheet as 非本场考试答题卡', async () => {
    const other = corpusTemplate(otherPaper());
    const s = await generateSheet(other, SEED + 7, {
      formats: ['raw'],
      dpis: [150],
      secondPageShare: 0,
    });
    const r = recognizeImage(s.raw!, ct.template);
    expect(r.status).toBe('failed');
    expect(r.status === 'failed' && r.code).toBe('wrongExam');
    expect(r.status === 'failed' && r.reason).toContain('非本场考试答题卡');
    const a3 = toRecognitionTemplate(layoutSheet(ct.paper, { isHen: 1, column: 2 }));
    const r3 = recognizeImage(clean[0]!.raw!, a3);
    expect(r3.status === 'failed' && r3.reason).toContain('非本场考试答题卡');
  });

  it('reports corrupt files, blank pages and bad templates with a Chinese reason', async () => {
    const jpeg = await encodeScan(clean[0]!.raw!, 'jpeg', { dpi: 200 });
    const cases: Uint8Array[] = [
      Buffer.from('not an image at all'),
      jpeg.subarray(0, 2000),
      Buffer.from('%PDF-1.7 broken'),
    ];
    for (const c of cases) {
      const r = await recognizeSheet(c, ct.template);
      expect(r.status).toBe('failed');
      expect(r.status === 'failed' && r.code).toBe('decode');
      expect(r.status === 'failed' && /[\u4e00-\u9fff]/.test(r.reason)).toBe(true);
    }
    const white: RawImage = {
      width: 1240,
      height: 1754,
      data: new Uint8Array(1240 * 1754).fill(250),
    };
    const r = recognizeImage(white, ct.template);
    expect(r.status === 'failed' && r.code).toBe('markers');
    const bad = recognizeImage(white, { version: 2 } as never);
    expect(bad.status === 'failed' && bad.code).toBe('template');
    await expect(decodeScan(Buffer.from('xx'))).rejects.toBeInstanceOf(ScanDecodeError);
  });
});

describe('decoding', () => {
  it('decodes JPEG, PNG, colour, multi-page TIFF and PDF into grey pages', async () => {
    const img = clean[3]!.raw!;
    const png = await encodeScan(img, 'png', { dpi: 200, colour: true });
    expect(sniffFormat(png)).toBe('png');
    const [p] = await decodeScan(png);
    expect([p!.width, p!.height]).toEqual([img.width, img.height]);
    const tiff = await sharp(Buffer.from(img.data), {
      raw: { width: img.width, height: img.height, channels: 1 },
    })
      .tiff()
      .toBuffer();
    expect((await decodeScan(tiff)).length).toBe(1);
    const pdf = await encodeScan(img, 'pdf', { dpi: 200 });
    const pages = await decodeScan(pdf, { dpi: 150 });
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBe(Math.round((img.width / 200) * 150));
    // By default a scanned PDF is rasterised at the resolution of the image inside it.
    expect((await decodeScan(pdf))[0]!.width).toBe(img.width);
    expect(ok((await recognizeScan(pdf, ct.template))[0]!).page).toBe(0);
    // The PDF's extracted pages are read before their temporary folder goes, also under load.
    const many = await Promise.all(Array.from({ length: 6 }, () => decodeScan(pdf)));
    expect(many.map((d) => d[0]!.width)).toEqual(new Array(6).fill(img.width));
  }, 30_000);

  it('reads the exam number the designer pre-prints into its own PDF, both pages', async () => {
    const pdf = await renderSheetPdf(ct.document, {
      student: { examNumber: '20260137', name: '张小明' },
    });
    const results = await recognizeScan(pdf, ct.template, { dpi: 150 });
    expect(results).toHaveLength(2);
    const [p1, p2] = results.map(ok);
    expect(p1!.examNumber).toBe('20260137');
    expect(p1!.absent).toBe(false);
    expect(p1!.answers.every((a) => a.answer === '')).toBe(true);
    expect(p2!.page).toBe(1);
    expect(p2!.scanPage).toBe(1);
    expect(p2!.crops.map((c) => c.questionId)).toEqual(['q43']);
  }, 30_000);
});
