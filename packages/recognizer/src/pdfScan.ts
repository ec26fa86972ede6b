import { inflateSync } from 'node:zlib';
import { isName, PdfDict, PdfFile, PdfName, PdfRef, type PdfValue } from './pdfObjects';

/**
 * The scanned image a PDF page holds, as stored: a page of a scanned PDF is one image drawn over
 * the page. `kind` says how to decode `data`:
 * - `jpeg`: a JPEG file (/DCTDecode), decoded by sharp like any JPEG scan;
 * - `tiff`: a one-strip TIFF wrapped round CCITT G3/G4 data (/CCITTFaxDecode, and JBIG2 generic
 *   regions coded with MMR, which are G4), decoded by sharp (libtiff);
 * - `raw`: pixels (/FlateDecode or none), `channels` 1 or 3 at 8 bits, or 1 bit a pixel.
 * `invert` asks for black and white to be swapped after decoding (/Decode [1 0], /BlackIs1).
 */
export interface PdfScanImage {
  kind: 'jpeg' | 'tiff' | 'raw';
  data: Buffer;
  width: number;
  height: number;
  /** raw only: 1 (grey) or 3 (RGB) channels of 8 bits, or `bits: 1`. */
  channels: 1 | 3;
  bits: 1 | 8;
  invert: boolean;
  /** Page rotation (/Rotate), clockwise degrees: 0, 90, 180 or 270. */
  rotate: number;
}

/** Why a PDF is not taken as a scan (it is rendered instead); for tests and logs. */
export type NotAScan = { notAScan: string };

function nameOf(v: PdfValue | undefined): string | null {
  return v instanceof PdfName ? v.name : null;
}

function list(pdf: PdfFile, v: PdfValue | undefined): PdfValue[] {
  const r = pdf.resolve(v);
  return r === undefined || r === null ? [] : Array.isArray(r) ? r : [r];
}

/** Number of colour components of a colour space, or null when it is not plain grey or RGB. */
function components(pdf: PdfFile, cs: PdfValue | undefined): 1 | 3 | null {
  const v = pdf.resolve(cs);
  const n = nameOf(v);
  if (n === 'DeviceGray' || n === 'CalGray' || n === 'G') return 1;
  if (n === 'DeviceRGB' || n === 'CalRGB' || n === 'RGB') return 3;
  if (Array.isArray(v)) {
    const family = nameOf(v[0]);
    if (family === 'CalGray') return 1;
    if (family === 'CalRGB') return 3;
    if (family === 'ICCBased' && v[1] instanceof PdfRef) {
      const o = pdf.object(v[1].num);
      const N = o?.value instanceof PdfDict ? pdf.number(o.value.get('N')) : null;
      return N === 1 ? 1 : N === 3 ? 3 : null;
    }
  }
  return null;
}

/** Reverses PNG row predictors (/Predictor ≥ 10) in place of a new buffer. */
export function unPredictPng(data: Buffer, rowBytes: number, bpp: number): Buffer {
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let y = 0; y < rows; y++) {
    const f = data[y * (rowBytes + 1)]!;
    const src = y * (rowBytes + 1) + 1;
    const o = y * rowBytes;
    const up = o - rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const a = x >= bpp ? out[o + x - bpp]! : 0;
      const b = y > 0 ? out[up + x]! : 0;
      const c = y > 0 && x >= bpp ? out[up + x - bpp]! : 0;
      let p = 0;
      if (f === 1) p = a;
      else if (f === 2) p = b;
      else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) {
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (f !== 0) throw new Error('unknown PNG predictor');
      out[o + x] = (data[src + x]! + p) & 0xff;
    }
  }
  return out;
}

/** A minimal little-endian TIFF holding one strip of CCITT data (compression 3 or 4). */
export function ccittTiff(
  data: Buffer,
  width: number,
  height: number,
  compression: 3 | 4,
  t4Options = 0,
): Buffer {
  const tags: [number, number, number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 1],
    [259, 3, compression],
    [262, 3, 0], // WhiteIsZero: the coded black runs are black
    [273, 4, 8],
    [277, 3, 1],
    [278, 4, height],
    [279, 4, data.length],
    compression === 3 ? [292, 4, t4Options] : [293, 4, 0],
  ];
  const ifdAt = 8 + data.length + (data.length & 1);
  const out = Buffer.alloc(ifdAt + 2 + tags.length * 12 + 4);
  out.write('II*\0', 0, 'latin1');
  out.writeUInt32LE(ifdAt, 4);
  data.copy(out, 8);
  out.writeUInt16LE(tags.length, ifdAt);
  tags.forEach(([tag, type, value], i) => {
    const e = ifdAt + 2 + i * 12;
    out.writeUInt16LE(tag, e);
    out.writeUInt16LE(type, e + 2);
    out.writeUInt32LE(1, e + 4);
    if (type === 3) out.writeUInt16LE(value, e + 8);
    else out.writeUInt32LE(value, e + 8);
  });
  return out;
}

/**
 * The page bitmap of an embedded JBIG2 stream (PDF's /JBIG2Decode: segments without the file
 * header) when it is one generic region coded with MMR (T.6) covering the page, as G4 data;
 * null for anything else (arithmetic coding, symbol and text regions, refinements, globals).
 */
export function jbig2Mmr(data: Buffer): { g4: Buffer; width: number; height: number } | null {
  let i = 0;
  let page: { width: number; height: number } | null = null;
  let region: { g4: Buffer; width: number; height: number } | null = null;
  while (i + 11 <= data.length) {
    const num = data.readUInt32BE(i);
    const flags = data[i + 4]!;
    const type = flags & 0x3f;
    let j = i + 5;
    const rts = data[j]!;
    let count = rts >> 5;
    if (count === 7) {
      count = data.readUInt32BE(j) & 0x1fffffff;
      j += 4 + Math.ceil((count + 1) / 8);
    } else j += 1;
    j += count * (num <= 256 ? 1 : num <= 65536 ? 2 : 4);
    j += flags & 0x40 ? 4 : 1;
    const length = data.readUInt32BE(j);
    j += 4;
    if (length === 0xffffffff || j + length > data.length) return null;
    const body = data.subarray(j, j + length);
    if (type === 48) page = { width: body.readUInt32BE(0), height: body.readUInt32BE(4) };
    else if (type === 38 || type === 39) {
      if (region || body.length < 18) return null;
      const width = body.readUInt32BE(0);
      const height = body.readUInt32BE(4);
      const x = body.readUInt32BE(8);
      const y = body.readUInt32BE(12);
      const mmr = (body[17]! & 1) === 1;
      if (!mmr || x !== 0 || y !== 0) return null;
      region = { g4: body.subarray(18), width, height };
    } else if (type !== 49 && type !== 50 && type !== 51 && type !== 62) return null;
    i = j + length;
  }
  if (!page || !region) return null;
  if (region.width !== page.width || (page.height !== 0xffffffff && region.height !== page.height))
    return null;
  return region;
}

function imageOf(pdf: PdfFile, ref: PdfValue, rotate: number): PdfScanImage | NotAScan {
  if (!(ref instanceof PdfRef)) return { notAScan: 'image is not an object' };
  const o = pdf.object(ref.num);
  if (!o?.stream || !(o.value instanceof PdfDict)) return { notAScan: 'image has no data' };
  const d = o.value;
  if (d.get('ImageMask') === true || d.get('SMask') !== undefined || d.get('Mask') !== undefined)
    return { notAScan: 'masked image' };
  const width = pdf.number(d.get('Width'));
  const height = pdf.number(d.get('Height'));
  const bits = pdf.number(d.get('BitsPerComponent')) ?? 8;
  if (!width || !height || width < 100 || height < 100) return { notAScan: 'small image' };
  const filters = list(pdf, d.get('Filter')).map(nameOf);
  const parms = list(pdf, d.get('DecodeParms')).map((p) => pdf.dict(p));
  const decode = list(pdf, d.get('Decode'));
  const inverted = decode.length === 2 && decode[0] === 1 && decode[1] === 0;
  let data: Buffer = o.stream;
  // Flate first (sometimes wrapped round a JPEG), then the image's own coding.
  if (filters[0] === 'FlateDecode' || filters[0] === 'Fl') {
    const flateParm = parms[0] ?? null;
    try {
      data = inflateSync(data);
    } catch {
      return { notAScan: 'broken Flate data' };
    }
    filters.shift();
    parms.shift();
    if (filters.length === 0) {
      const channels = components(pdf, d.get('ColorSpace'));
      if (!channels || (bits !== 8 && !(bits === 1 && channels === 1)))
        return { notAScan: 'colour space or depth not read directly' };
      const rowBytes = Math.ceil((width * channels * bits) / 8);
      const predictor = flateParm ? (pdf.number(flateParm.get('Predictor')) ?? 1) : 1;
      if (predictor >= 10) data = unPredictPng(data, rowBytes, Math.max(1, (channels * bits) >> 3));
      else if (predictor !== 1) return { notAScan: 'TIFF predictor' };
      if (data.length < rowBytes * height) return { notAScan: 'short image data' };
      return {
        kind: 'raw',
        data,
        width,
        height,
        channels,
        bits: bits as 1 | 8,
        invert: inverted,
        rotate,
      };
    }
  }
  if (filters.length !== 1) return { notAScan: `filters ${filters.join(',')}` };
  const f = filters[0];
  const parm = parms[0] ?? null;
  if (f === 'DCTDecode' || f === 'DCT')
    return { kind: 'jpeg', data, width, height, channels: 1, bits: 8, invert: false, rotate };
  if (f === 'CCITTFaxDecode' || f === 'CCF') {
    const K = parm ? (pdf.number(parm.get('K')) ?? 0) : 0;
    const blackIs1 = parm?.get('BlackIs1') === true;
    const aligned = parm?.get('EncodedByteAlign') === true;
    if (K < 0 && aligned) return { notAScan: 'byte-aligned G4' };
    const tiff =
      K < 0
        ? ccittTiff(data, width, height, 4)
        : ccittTiff(data, width, height, 3, (K > 0 ? 1 : 0) | (aligned ? 4 : 0));
    return {
      kind: 'tiff',
      data: tiff,
      width,
      height,
      channels: 1,
      bits: 1,
      invert: blackIs1 !== inverted,
      rotate,
    };
  }
  if (f === 'JBIG2Decode') {
    if (parm?.get('JBIG2Globals') !== undefined) return { notAScan: 'JBIG2 with globals' };
    const g = jbig2Mmr(data);
    if (!g || g.width !== width || g.height !== height) return { notAScan: 'JBIG2 not MMR-coded' };
    return {
      kind: 'tiff',
      data: ccittTiff(g.g4, width, height, 4),
      width,
      height,
      channels: 1,
      bits: 1,
      invert: inverted,
      rotate,
    };
  }
  return { notAScan: `filter ${f ?? '?'}` };
}

/**
 * The scanned images of a PDF, one a page, or why it is not a scan: every page must draw exactly
 * one image (text such as an OCR layer is allowed) whose proportions are the page's (within 3 %),
 * coded in a way this reader decodes in-process. Anything else is rendered (decode.ts).
 */
export function pdfScanImages(bytes: Buffer): PdfScanImage[] | NotAScan {
  let pdf: PdfFile;
  try {
    pdf = new PdfFile(bytes);
  } catch {
    return { notAScan: 'unreadable' };
  }
  const pages = pdf.pages();
  if (pages.length === 0) return { notAScan: 'no pages' };
  const out: PdfScanImage[] = [];
  for (const page of pages) {
    const res = pdf.dict(page.get('Resources'));
    const xo = pdf.dict(res?.get('XObject'));
    const images: PdfValue[] = [];
    for (const v of xo?.entries.values() ?? []) {
      const o = v instanceof PdfRef ? pdf.object(v.num) : null;
      const sub = o?.value instanceof PdfDict ? o.value.get('Subtype') : undefined;
      if (isName(sub, 'Image')) images.push(v);
      else if (isName(sub, 'Form')) return { notAScan: 'form XObject' };
    }
    if (images.length !== 1) return { notAScan: `${images.length} images on a page` };
    const rotate = ((((pdf.number(page.get('Rotate')) ?? 0) % 360) + 360) % 360) as number;
    const img = imageOf(pdf, images[0]!, rotate);
    if ('notAScan' in img) return img;
    const box = list(pdf, page.get('MediaBox')).map((v) => pdf.number(v) ?? 0);
    if (box.length === 4) {
      const pw = Math.abs(box[2]! - box[0]!);
      const ph = Math.abs(box[3]! - box[1]!);
      if (!(pw > 0 && ph > 0) || Math.abs(img.width / img.height / (pw / ph) - 1) > 0.03)
        return { notAScan: 'image does not cover the page' };
    }
    out.push(img);
  }
  return out;
}
