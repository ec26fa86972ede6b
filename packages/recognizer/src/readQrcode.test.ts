import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { layoutSheet, toRecognitionTemplate } from '@examkit/answer-sheet';
import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusPaper } from './corpus/index';
import { placeOnCanvas } from './corpus/degrade';
import { parsePgm } from './decode';
import { QRCODE_MISMATCH, qrcodeOf, readQrcode } from './readQrcode';
import { recognizeImage } from './recognize';
import type { RawImage, RecognitionTemplate, SheetResult } from './types';

const run = promisify(execFile);

/** Two subjects' sheets with the same layout: only their identities differ. */
const MINE = 'EK1|41|7d3f9a20';
const OTHER = 'EK1|42|7d3f9a20';
const settings = { isHiddenQrcode: false } as const;
const templateOf = (identity?: string): RecognitionTemplate =>
  toRecognitionTemplate(
    layoutSheet(corpusPaper(), settings, {}, identity === undefined ? {} : { identity }),
  );
const mine = templateOf(MINE);
const other = templateOf(OTHER);

async function rasterize(pdf: Buffer, dpi: number): Promise<RawImage> {
  const dir = await mkdtemp(join(tmpdir(), 'examkit-qr-'));
  try {
    await writeFile(join(dir, 's.pdf'), pdf);
    await run(
      'pdftoppm',
      ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile'].concat([
        join(dir, 's.pdf'),
        join(dir, 'p'),
      ]),
    );
    return parsePgm(await readFile(join(dir, 'p.pgm')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first page as a scanner gives it: rotated, on a larger canvas, optionally upside down. */
const scanned = (page: RawImage, deg: number, dpi: number, upsideDown = false) =>
  placeOnCanvas(page, deg, 1, 0, 0, upsideDown, (6 * dpi) / 25.4);

const pages: Record<number, RawImage> = {};

beforeAll(async () => {
  const pdf = await renderSheetPdf(layoutSheet(corpusPaper(), settings, {}, { identity: MINE }));
  for (const dpi of [150, 200]) pages[dpi] = await rasterize(pdf, dpi);
}, 60_000);

function notFailed(r: SheetResult) {
  if (r.status === 'failed') throw new Error(`failed: ${r.reason}`);
  return r;
}

describe('the QR code check of recognizeImage', () => {
  it.each([
    [150, 3, false],
    [150, -4, true],
    [200, -2.5, false],
    [200, 4, true],
  ])('reads its own sheet’s code at %d dpi rotated %d° (upside down: %s)', (dpi, deg, flip) => {
    const r = notFailed(recognizeImage(scanned(pages[dpi]!, deg, dpi, flip), mine));
    expect(r.qrcode).toBe(MINE);
    expect(r.alignment.upsideDown).toBe(flip);
  });

  it.each([
    [150, 3],
    [200, -4],
  ])(
    'fails a sheet of the same layout whose code holds another identity (%d dpi, %d°)',
    (dpi, deg) => {
      expect(recognizeImage(scanned(pages[dpi]!, deg, dpi), other, { id: 'b-7' })).toEqual({
        status: 'failed',
        code: 'wrongExam',
        reason: QRCODE_MISMATCH,
        id: 'b-7',
      });
      expect(QRCODE_MISMATCH).toBe('非本场考试答题卡（二维码不符）');
    },
  );

  it('does not fail a sheet whose code cannot be read: qrcode is null, nothing is guessed', () => {
    const dpi = 200;
    const page = { ...pages[dpi]!, data: new Uint8Array(pages[dpi]!.data) };
    const code = qrcodeOf(mine, 0)!;
    // Ink spilt over the upper left half of the code, finder pattern included.
    const k = dpi / 25.4;
    for (let y = Math.round(code.y * k); y < (code.y + code.h / 2) * k; y++)
      for (let x = Math.round(code.x * k); x < (code.x + code.w / 2) * k; x++)
        page.data[y * page.width + x] = 20;
    const r = notFailed(recognizeImage(scanned(page, 2, dpi), mine));
    expect(r.qrcode).toBeNull();
    expect(r.reviewReasons.join()).not.toContain('二维码');
  });

  it('leaves qrcode out where the template expects no code', () => {
    const dpi = 150;
    const r = notFailed(recognizeImage(scanned(pages[dpi]!, 1, dpi), templateOf()));
    expect(r).not.toHaveProperty('qrcode');
    expect(qrcodeOf(templateOf(), 0)).toBeUndefined();
  });

  it('reads only the code’s square: a crop of the template rectangle through the page map', () => {
    const dpi = 150;
    const k = dpi / 25.4;
    const identity = [k, 0, 0, 0, k, 0, 0, 0, 1];
    const code = qrcodeOf(mine, 0)!;
    expect(readQrcode(pages[dpi]!, identity, code)).toBe(MINE);
    // The exam-number block beside it holds no code.
    expect(readQrcode(pages[dpi]!, identity, { ...code, y: code.y - 40 })).toBeNull();
  });
});
