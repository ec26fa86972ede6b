import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { RawImage } from '../types';

/**
 * How a generated scanned PDF holds its page image, as scanners write them: `dct` a JPEG,
 * `flate` raw pixels (8-bit grey, or 1 bit a pixel for black and white), `ccitt` CCITT G4 and
 * `jbig2` a JBIG2 generic region coded with MMR (both black and white only; a grey page falls
 * back to `flate`). `pdfkit` is the corpus's first PDF writer (JPEG, or PNG for black and white).
 */
export type PdfEncoding = 'pdfkit' | 'dct' | 'flate' | 'ccitt' | 'jbig2';

/**
 * G4 (T.6) data of a black-and-white page at its own size, as a scanner writes it, from sharp's
 * TIFF writer: one strip spanning the page (libvips takes the strip height from `tileHeight`),
 * so one stream. (The first version wrote one tile, padding the page to multiples of 16 px: a
 * larger image than the same scan as a file, which the benchmark then charged to the PDF path.)
 */
async function g4Of(img: RawImage): Promise<{ data: Buffer; width: number; height: number }> {
  const { width, height } = img;
  // Inverted: libtiff codes the 1 bits as the black runs, and sharp writes black as 0.
  const inverted = new Uint8Array(width * height);
  for (let i = 0; i < inverted.length; i++) inverted[i] = 255 - img.data[i]!;
  const tiff = await sharp(inverted, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({
      compression: 'ccittfax4',
      bitdepth: 1,
      tileHeight: Math.ceil(height / 16) * 16,
    })
    .toBuffer();
  const le = tiff[0] === 0x49;
  const u16 = (o: number): number => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number): number => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  let offset = 0;
  let count = 0;
  for (let i = 0; i < u16(ifd); i++) {
    const e = ifd + 2 + i * 12;
    if (u16(e) === 273) offset = u32(e + 8);
    if (u16(e) === 279) count = u32(e + 8);
  }
  return { data: Buffer.from(tiff.subarray(offset, offset + count)), width, height };
}

/**
 * A JBIG2 embedded stream as PDF wants it (no file header, no end-of-page segment): page
 * information and one immediate lossless generic region coded with MMR.
 */
function jbig2OfG4(g4: Buffer, width: number, height: number): Buffer {
  const seg = (num: number, type: number, body: Buffer): Buffer => {
    const h = Buffer.alloc(11);
    h.writeUInt32BE(num, 0);
    h[4] = type;
    h[5] = 0; // no referred-to segments
    h[6] = 1; // page 1
    h.writeUInt32BE(body.length, 7);
    return Buffer.concat([h, body]);
  };
  const pageInfo = Buffer.alloc(19);
  pageInfo.writeUInt32BE(width, 0);
  pageInfo.writeUInt32BE(height, 4);
  pageInfo[16] = 0x01; // eventually lossless
  const region = Buffer.alloc(18);
  region.writeUInt32BE(width, 0);
  region.writeUInt32BE(height, 4);
  region[17] = 0x01; // MMR
  return Buffer.concat([seg(0, 48, pageInfo), seg(1, 39, Buffer.concat([region, g4]))]);
}

/** The image XObject of a page in the chosen encoding: its dictionary entries and data. */
async function imageObject(
  img: RawImage,
  encoding: Exclude<PdfEncoding, 'pdfkit'>,
  quality: number,
): Promise<{ dict: string; data: Buffer; width: number; height: number }> {
  const bw = img.data.every((v) => v === 0 || v === 255);
  const { width, height } = img;
  if (encoding === 'dct') {
    const data = await sharp(img.data, { raw: { width, height, channels: 1 } })
      .toColourspace('b-w')
      .jpeg({ quality })
      .toBuffer();
    return {
      dict: `/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
      data,
      width,
      height,
    };
  }
  if (bw && (encoding === 'ccitt' || encoding === 'jbig2')) {
    const g = await g4Of(img);
    if (encoding === 'ccitt')
      return {
        dict: `/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${g.width} /Rows ${g.height} >>`,
        data: g.data,
        width: g.width,
        height: g.height,
      };
    return {
      dict: `/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode`,
      data: jbig2OfG4(g.data, g.width, g.height),
      width: g.width,
      height: g.height,
    };
  }
  if (bw) {
    const row = Math.ceil(width / 8);
    const packed = Buffer.alloc(row * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (img.data[y * width + x]! >= 128) packed[y * row + (x >> 3)]! |= 0x80 >> (x & 7);
    return {
      dict: `/ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode`,
      data: deflateSync(packed, { level: 1 }),
      width,
      height,
    };
  }
  return {
    dict: `/ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    data: deflateSync(img.data, { level: 1 }),
    width,
    height,
  };
}

/** A scanned PDF of one page (the image drawn over the whole page at `dpi`), as a scanner writes it. */
export async function scannedPdf(
  img: RawImage,
  encoding: Exclude<PdfEncoding, 'pdfkit'>,
  dpi: number,
  quality = 85,
): Promise<Buffer> {
  const im = await imageObject(img, encoding, quality);
  const w = ((im.width / dpi) * 72).toFixed(2);
  const h = ((im.height / dpi) * 72).toFixed(2);
  const content = Buffer.from(`q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q\n`, 'latin1');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>`,
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${im.width} /Height ${im.height} ${im.dict} /Length ${im.data.length} >>\nstream\n`,
        'latin1',
      ),
      im.data,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    at += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
