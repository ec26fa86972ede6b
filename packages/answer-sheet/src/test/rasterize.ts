import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A grey image from pdftoppm: 0 black, 255 white. */
export interface GreyImage {
  width: number;
  height: number;
  dpi: number;
  pixels: Uint8Array;
}

/** Parses a binary PGM (P5, 8-bit). */
export function parsePgm(data: Buffer, dpi: number): GreyImage {
  const header: string[] = [];
  let offset = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(data[offset] ?? 0))) offset++;
    if (data[offset] === 0x23) {
      while (data[offset] !== 0x0a) offset++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(data[offset] ?? 32)))
      token += String.fromCharCode(data[offset++] ?? 0);
    header.push(token);
  }
  if (header[0] !== 'P5' || header[3] !== '255')
    throw new Error(`not an 8-bit PGM: ${header.join(' ')}`);
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, dpi, pixels: data.subarray(offset + 1, offset + 1 + width * height) };
}

/** Renders one page (0-based) of a PDF with `pdftoppm -gray` at `dpi`. */
export function rasterizePage(pdf: Buffer, page: number, dpi: number): GreyImage {
  const dir = mkdtempSync(join(tmpdir(), 'answer-sheet-'));
  try {
    const file = join(dir, 'sheet.pdf');
    writeFileSync(file, pdf);
    const n = String(page + 1);
    execFileSync('pdftoppm', [
      '-gray',
      '-r',
      String(dpi),
      '-f',
      n,
      '-l',
      n,
      '-singlefile',
      file,
      join(dir, 'page'),
    ]);
    return parsePgm(readFileSync(join(dir, 'page.pgm')), dpi);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The grey value of the pixel under a point given in millimetres. */
export function greyAt(image: GreyImage, xMm: number, yMm: number): number {
  const x = Math.min(image.width - 1, Math.max(0, Math.floor((xMm * image.dpi) / 25.4)));
  const y = Math.min(image.height - 1, Math.max(0, Math.floor((yMm * image.dpi) / 25.4)));
  return image.pixels[y * image.width + x] ?? 255;
}

/** Darkest and lightest pixel in a rectangle given in millimetres. */
export function greyRange(
  image: GreyImage,
  x: number,
  y: number,
  w: number,
  h: number,
): { min: number; max: number } {
  const k = image.dpi / 25.4;
  const x0 = Math.max(0, Math.floor(x * k));
  const y0 = Math.max(0, Math.floor(y * k));
  const x1 = Math.min(image.width - 1, Math.ceil((x + w) * k) - 1);
  const y1 = Math.min(image.height - 1, Math.ceil((y + h) * k) - 1);
  let min = 255;
  let max = 0;
  for (let py = y0; py <= y1; py++) {
    for (let px = x0; px <= x1; px++) {
      const v = image.pixels[py * image.width + px] ?? 255;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { min, max };
}
