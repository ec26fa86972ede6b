import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { layoutSheet } from '../layoutSheet';
import { smallPaper } from '../test/fixtures';
import { SheetPreview } from './SheetPreview';

/** Paints the `M x y h w v h …z` rectangles of an SVG path onto a white RGBA raster (mm → px). */
function paint(d: string, box: { x: number; y: number; w: number }, pxPerMm: number) {
  const side = Math.ceil(box.w * pxPerMm);
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w, h] of d.matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z/g)) {
    const x0 = Math.round((Number(x) - box.x) * pxPerMm);
    const y0 = Math.round((Number(y) - box.y) * pxPerMm);
    const x1 = Math.round((Number(x) + Number(w) - box.x) * pxPerMm);
    const y1 = Math.round((Number(y) + Number(h) - box.y) * pxPerMm);
    for (let py = y0; py < y1; py++)
      for (let px = x0; px < x1; px++) data.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
  }
  return { data, side };
}

describe('SheetPreview', () => {
  it('draws the sheet identity as a QR code that reads back, captioned 二维码', () => {
    const identity = 'EK1|318|c0ffee42';
    const doc = layoutSheet(smallPaper(), { isHiddenQrcode: false }, {}, { identity });
    render(<SheetPreview document={doc} />);
    const group = screen.getByRole('img', { name: `二维码：${identity}` });
    expect(group).toHaveTextContent('二维码');
    const path = group.querySelector('path')!;
    expect(path).toHaveAttribute('fill', '#000');
    const region = doc.pages[0]!.regions.find((r) => r.kind === 'qrcode');
    if (region?.kind !== 'qrcode') throw new Error('no QR code');
    const { data, side } = paint(path.getAttribute('d')!, region.code, 8);
    expect(jsQR(data, side, side)?.data).toBe(identity);
  });
});
