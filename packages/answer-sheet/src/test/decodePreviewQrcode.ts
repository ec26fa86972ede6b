import jsQR from 'jsqr';

/**
 * Reads the QR code the designer preview draws, as a phone would: paints the `M x y h w v h …z`
 * rectangles of its SVG `<path>` (millimetres) black on a white raster with a margin, and decodes
 * that with jsQR, a decoder independent of our encoder. Null when nothing reads.
 */
export function decodePreviewQrcode(path: Element, pxPerMm = 8): string | null {
  const rects = [
    ...(path.getAttribute('d') ?? '').matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z/g),
  ].map(([, x, y, w, h]) => ({ x: Number(x), y: Number(y), w: Number(w), h: Number(h) }));
  if (rects.length === 0) return null;
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const extent = Math.max(...rects.map((r) => Math.max(r.x + r.w - left, r.y + r.h - top)));
  const margin = extent * 0.2;
  const side = Math.ceil((extent + 2 * margin) * pxPerMm);
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  const px = (mm: number, origin: number) => Math.round((mm - origin + margin) * pxPerMm);
  for (const r of rects) {
    const [x0, y0, x1, y1] = [px(r.x, left), px(r.y, top), px(r.x + r.w, left), px(r.y + r.h, top)];
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
  }
  return jsQR(data, side, side)?.data ?? null;
}
