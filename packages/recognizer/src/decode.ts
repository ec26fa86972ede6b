import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { isBilevel } from './bilevel';
import { downsample } from './image';
import { pdfScanImages, type PdfScanImage } from './pdfScan';
import type { RawImage } from './types';

const run = promisify(execFile);

/** A scan that cannot be decoded; `message` is Chinese text for the operator. */
export class ScanDecodeError extends Error {
  override readonly name = 'ScanDecodeError';
}

export interface DecodeOptions {
  /**
   * Resolution PDF pages are rasterised at with `pdftoppm -gray`. `'auto'` (default): the
   * resolution of the scanned image inside the PDF, else 200.
   */
  dpi?: number | 'auto';
  /**
   * A scanned PDF (one image a page) gives its images as they are (`pdfimages`), unless this is
   * false or `dpi` is a number. @default true
   */
  pdfImages?: boolean;
  /** pdftoppm executable. @default 'pdftoppm' */
  pdftoppm?: string;
  /**
   * Size of the page the scan holds (the template's, in mm): the page is then read at the lowest
   * resolution that keeps at least `READ_PX_PER_MM` pixels a millimetre — a JPEG shrunk on load
   * by libjpeg at 1/4 or 1/8, any page box-averaged 2 × 2 after decoding (`toReadingSize`). The
   * `recognize*` functions pass the template's unless `fullResolution`.
   */
  pageMm?: { width: number; height: number };
  /**
   * Read the marks at the scan's own resolution too (no shrink-on-load, no averaging down), at
   * about half the speed; crops are at the scan's resolution either way. Only used by the
   * `recognize*` functions. @default false
   */
  fullResolution?: boolean;
  /**
   * With `pageMm`: keep the page at the scan's own resolution as `full` on the page read (crops
   * are cut from it), and decode JPEGs at full size rather than shrinking them on load (one full
   * decode plus a box average costs less than a shrunk decode plus a second, full one). The
   * `recognize*` functions pass `!skipCrops`. @default true
   */
  keepFull?: boolean;
}

/** Resolution a page is read at, at least (pixels a millimetre, ≈ 97 dpi): see docs/recognition.md. */
export const READ_PX_PER_MM = 3.8;

export type ScanFormat = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'unknown';

/** The format of a file from its first bytes. */
export function sniffFormat(b: Uint8Array): ScanFormat {
  if (b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46) return 'pdf';
  if (b[0] === 0xff && b[1] === 0xd8) return 'jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (
    (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[3] === 0x2a)
  )
    return 'tiff';
  return 'unknown';
}

/** Parses a binary 8-bit PGM (P5). */
export function parsePgm(data: Uint8Array): RawImage {
  const header: string[] = [];
  let i = 0;
  while (header.length < 4 && i < data.length) {
    while (i < data.length && /\s/.test(String.fromCharCode(data[i]!))) i++;
    if (data[i] === 0x23) {
      while (i < data.length && data[i] !== 0x0a) i++;
      continue;
    }
    let t = '';
    while (i < data.length && !/\s/.test(String.fromCharCode(data[i]!)))
      t += String.fromCharCode(data[i++]!);
    header.push(t);
  }
  if (header[0] !== 'P5' || header[3] !== '255')
    throw new ScanDecodeError('PDF 栅格化结果无法读取');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = i + 1;
  if (data.length < start + width * height) throw new ScanDecodeError('PDF 栅格化结果不完整');
  return { width, height, data: new Uint8Array(data.subarray(start, start + width * height)) };
}

async function decodeRaster(
  buf: Buffer,
  page?: number,
  pageMm?: DecodeOptions['pageMm'],
  shrinkOnLoad = false,
): Promise<RawImage> {
  // The embedded colour profile is ignored: darkness is measured against the paper's own white,
  // and libvips' colour transform cost more than the whole JPEG decode.
  let input = sharp(buf, {
    failOn: 'error',
    ignoreIcc: true,
    ...(page !== undefined ? { page } : {}),
  });
  const meta = await input.metadata();
  if (shrinkOnLoad && pageMm && meta.format === 'jpeg' && meta.width && meta.height) {
    // Shrink-on-load: libjpeg decodes at 1/4 or 1/8 directly (sharp does so only when both sides
    // shrink by at least that factor, hence the rounded-down size). At 1/2 it measured slower
    // than a full decode plus the 2 × 2 average of `toReadingSize` (docs/recognition.md). Only
    // when no crop is wanted: crops are cut from the full-size page.
    const ppm = Math.min(meta.width / pageMm.width, meta.height / pageMm.height);
    let f = 1;
    while (f < 8 && ppm / (f * 2) >= READ_PX_PER_MM) f *= 2;
    if (f >= 4)
      input = input.resize(Math.floor(meta.width / f), Math.floor(meta.height / f), {
        kernel: 'linear',
        fastShrinkOnLoad: true,
      });
  }
  if (meta.hasAlpha) input = input.flatten({ background: '#ffffff' });
  // One grey band: without asking, sharp widens grey scans to sRGB, three times the pixels for
  // nothing. A colour scan gives its green channel (pencil is grey; blue and red ink stay dark,
  // which a luma conversion would lighten), at a third of the cost of a conversion.
  const rgb = (meta.channels ?? 1) >= 3 && meta.space === 'srgb';
  const pipeline = rgb ? input.extractChannel(1) : input.toColourspace('b-w');
  const { data, info } = await pipeline
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 1)
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  const out = new Uint8Array(info.width * info.height);
  for (let p = 0, s = 0; p < out.length; p++, s += info.channels) out[p] = data[s]!;
  return { width: info.width, height: info.height, data: out };
}

/**
 * A scanned PDF holds one image a page: its resolution, or null when the PDF is anything else
 * (vector pages, several images on a page, odd resolutions).
 */
async function scannedPdfDpi(file: string): Promise<number | null> {
  try {
    const { stdout } = await run('pdfimages', ['-list', file], { maxBuffer: 4 << 20 });
    const rows = stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => l.trim().split(/\s+/));
    const pages = new Set(rows.map((c) => c[0]));
    const ppi = rows.map((c) => Number(c[12]));
    if (rows.length === 0 || pages.size !== rows.length) return null;
    if (ppi.some((v, i) => !(v >= 72 && v <= 1200) || Math.abs(v - Number(rows[i]![13])) > 1))
      return null;
    return Math.round(Math.max(...ppi));
  } catch {
    return null;
  }
}

/** Decodes one image taken out of a scanned PDF (pdfScan.ts) to a grey page. */
async function decodePdfImage(img: PdfScanImage, options: DecodeOptions): Promise<RawImage> {
  let out: RawImage;
  if (img.kind !== 'raw')
    out = await decodeRaster(img.data, undefined, options.pageMm, options.keepFull === false);
  else if (img.bits === 1) {
    const { width, height } = img;
    const row = Math.ceil(width / 8);
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const o = y * width;
      const r = y * row;
      for (let xb = 0; xb < row; xb++) {
        const byte = img.data[r + xb]!;
        const x0 = xb * 8;
        const n = Math.min(8, width - x0);
        for (let b = 0; b < n; b++) data[o + x0 + b] = (byte << b) & 0x80 ? 255 : 0;
      }
    }
    out = { width, height, data };
  } else if (img.channels === 1)
    out = {
      width: img.width,
      height: img.height,
      data: new Uint8Array(img.data.subarray(0, img.width * img.height)),
    };
  else {
    const { data, info } = await sharp(img.data.subarray(0, img.width * img.height * 3), {
      raw: { width: img.width, height: img.height, channels: 3 },
    })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    out = {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
    };
  }
  if (img.invert) for (let i = 0; i < out.data.length; i++) out.data[i] = 255 - out.data[i]!;
  return img.rotate ? rotateRaw(out, img.rotate) : out;
}

/** Turns a grey page clockwise by 90, 180 or 270 degrees. */
export function rotateRaw(img: RawImage, deg: number): RawImage {
  const { width: w, height: h, data } = img;
  const turn = deg === 90 || deg === 270;
  const W = turn ? h : w;
  const H = turn ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [X, Y] =
        deg === 90
          ? [h - 1 - y, x]
          : deg === 180
            ? [w - 1 - x, h - 1 - y]
            : deg === 270
              ? [y, w - 1 - x]
              : [x, y];
      out[Y * W + X] = data[y * w + x]!;
    }
  return { width: W, height: H, data: out };
}

async function rasterisePdf(buf: Buffer, options: DecodeOptions): Promise<RawImage[]> {
  // A scanned PDF: its images as stored, decoded in-process (no rendering, no tools).
  if ((options.dpi === undefined || options.dpi === 'auto') && options.pdfImages !== false) {
    const found = pdfScanImages(buf);
    if (!('notAScan' in found)) {
      try {
        return await Promise.all(found.map((img) => decodePdfImage(img, options)));
      } catch {
        // Data the reader took for a scan but sharp cannot decode: the tools below decide.
      }
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'examkit-scan-'));
  const tool = options.pdftoppm ?? 'pdftoppm';
  try {
    const file = join(dir, 'scan.pdf');
    await writeFile(file, buf);
    const scanned =
      options.dpi === undefined || options.dpi === 'auto' ? await scannedPdfDpi(file) : null;
    if (scanned !== null && options.pdfImages !== false) {
      // The scanner's own pixels, not resampled (pdfimages, poppler).
      await run('pdfimages', ['-png', file, join(dir, 'img')], { maxBuffer: 1 << 20 });
      const files = (await readdir(dir))
        .filter((f) => f.startsWith('img-') && f.endsWith('.png'))
        .sort();
      if (files.length > 0)
        return await Promise.all(
          files.map(async (f) => decodeRaster(await readFile(join(dir, f)))),
        );
    }
    const dpi = typeof options.dpi === 'number' ? options.dpi : (scanned ?? 200);
    await run(tool, ['-gray', '-r', String(dpi), file, join(dir, 'page')], { maxBuffer: 1 << 20 });
    const pages = (await readdir(dir))
      .filter((f) => f.endsWith('.pgm'))
      .sort((a, b) => pageNo(a) - pageNo(b));
    if (pages.length === 0) throw new ScanDecodeError('PDF 中没有页面');
    return await Promise.all(pages.map(async (f) => parsePgm(await readFile(join(dir, f)))));
  } catch (e) {
    if (e instanceof ScanDecodeError) throw e;
    throw new ScanDecodeError(`PDF 无法栅格化（文件损坏或不是 PDF）`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function pageNo(name: string): number {
  return Number(/-(\d+)\.pgm$/.exec(name)?.[1] ?? 0);
}

/**
 * Decodes a scan (JPEG, PNG, TIFF — every page — or PDF, rasterised with `pdftoppm -gray` at
 * `dpi`) into grey pages. Throws `ScanDecodeError` with a Chinese message when it cannot.
 */
export async function decodeScan(
  input: Uint8Array | string,
  options: DecodeOptions = {},
): Promise<RawImage[]> {
  let buf: Buffer;
  if (typeof input === 'string') {
    try {
      buf = await readFile(input);
    } catch {
      throw new ScanDecodeError(`无法读取文件：${input}`);
    }
  } else
    buf = Buffer.isBuffer(input)
      ? input
      : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const format = sniffFormat(buf);
  if (format === 'unknown')
    throw new ScanDecodeError('无法识别的图像格式（支持 JPEG、PNG、TIFF、PDF）');
  const pages =
    format === 'pdf' ? await rasterisePdf(buf, options) : await decodeImage(buf, format, options);
  if (!options.pageMm) return pages;
  return pages.map((p) => {
    const read = toReadingSize(p, options.pageMm!);
    return read !== p && options.keepFull !== false ? { ...read, full: p } : read;
  });
}

/**
 * A page decoded above twice the reading resolution (PNG, TIFF, raw pixels from a PDF; a JPEG
 * was already shrunk on load) is box-averaged 2 × 2 (or 4 × 4) down to it. A black-and-white page
 * keeps `bilevel: true`: its averaged pixels are grey, but a faint pencil mark is still lost.
 */
export function toReadingSize(img: RawImage, pageMm: { width: number; height: number }): RawImage {
  const ppm = Math.min(img.width / pageMm.width, img.height / pageMm.height);
  let f = 1;
  while (f < 4 && ppm / (f * 2) >= READ_PX_PER_MM) f *= 2;
  if (f === 1) return img;
  // As many pixels looked at as on the averaged page (one in 7 there): one in 7 f² here.
  const bilevel = img.bilevel ?? isBilevel(img, 7 * f * f - 1);
  return { ...downsample(img, f), bilevel };
}

async function decodeImage(
  buf: Buffer,
  format: ScanFormat,
  options: DecodeOptions,
): Promise<RawImage[]> {
  try {
    if (format === 'tiff') {
      const { pages = 1 } = await sharp(buf).metadata();
      const out: RawImage[] = [];
      for (let p = 0; p < pages; p++) out.push(await decodeRaster(buf, p));
      return out;
    }
    return [await decodeRaster(buf, undefined, options.pageMm, options.keepFull === false)];
  } catch {
    throw new ScanDecodeError(`图像文件损坏，无法解码（${format.toUpperCase()}）`);
  }
}
