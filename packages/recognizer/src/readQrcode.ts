import jsQR from 'jsqr';
import type { Mat3 } from './geometry';
import { warp } from './image';
import type { FailedSheet, RawImage, RecognitionTemplate } from './types';

type QrcodeElement = Extract<RecognitionTemplate['elements'][number], { kind: 'qrcode' }>;

/** The reason of a sheet whose QR code reads as another sheet's. */
export const QRCODE_MISMATCH = '非本场考试答题卡（二维码不符）';

/**
 * Resolution of the crop handed to the decoder: 4 pixels a module for the server's identities
 * (version 2, 0.67 mm). Finer crops read no better on the degraded scans tried and cost more.
 */
const CROP_PX_PER_MM = 6;
/** Paper kept around the code's square, mm: room for the misfit of a marker alignment. */
const MARGIN_MM = 2;

const byTemplate = new WeakMap<RecognitionTemplate, Map<number, QrcodeElement>>();

/** The QR code the template expects on a page, if any (looked up once per template). */
export function qrcodeOf(template: RecognitionTemplate, page: number): QrcodeElement | undefined {
  let pages = byTemplate.get(template);
  if (!pages) {
    pages = new Map();
    for (const e of template.elements) if (e.kind === 'qrcode') pages.set(e.page, e);
    byTemplate.set(template, pages);
  }
  return pages.get(page);
}

/**
 * Reads the QR code inside a template rectangle (mm) of a page image, `h` mapping template
 * millimetres to image pixels. Only the code's square and a small margin are cut out,
 * straightened, and decoded; returns the text, or null when no code can be read there.
 */
export function readQrcode(
  img: RawImage,
  h: Mat3,
  box: { x: number; y: number; w: number; h: number },
): string | null {
  const x0 = box.x - MARGIN_MM;
  const y0 = box.y - MARGIN_MM;
  const width = Math.round((box.w + 2 * MARGIN_MM) * CROP_PX_PER_MM);
  const height = Math.round((box.h + 2 * MARGIN_MM) * CROP_PX_PER_MM);
  const crop = warp(img, h, x0, y0, 1 / CROP_PX_PER_MM, width, height);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, o = 0; i < crop.data.length; i++, o += 4) {
    const v = crop.data[i]!;
    rgba[o] = v;
    rgba[o + 1] = v;
    rgba[o + 2] = v;
    rgba[o + 3] = 255;
  }
  return jsQR(rgba, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * Checks the page's QR code against the template once the page is aligned: nothing when the
 * template expects none; a `wrongExam` failure when a code is read and differs; else the code
 * read (`null` when unreadable: the layout already matched, so that alone fails nothing).
 * `images` are tried in order (the scan as decoded, then its smoothed copy) until one reads.
 */
export function checkQrcode(
  template: RecognitionTemplate,
  page: number,
  h: Mat3,
  images: readonly RawImage[],
): { failed: FailedSheet } | { qrcode?: string | null } {
  const expected = qrcodeOf(template, page);
  if (!expected) return {};
  let read: string | null = null;
  for (const img of new Set(images)) {
    read = readQrcode(img, h, expected);
    if (read !== null) break;
  }
  if (read !== null && read !== expected.payload)
    return { failed: { status: 'failed', code: 'wrongExam', reason: QRCODE_MISMATCH } };
  return { qrcode: read };
}
