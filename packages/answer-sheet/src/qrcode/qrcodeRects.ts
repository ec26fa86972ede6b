import type { Rect } from '../types';
import { encodeQrcode } from './encodeQrcode';

/** Light modules around the symbol, inside the code's square. */
export const QUIET_ZONE = 4;

/**
 * The dark modules of `payload`'s QR code fitted into the square `code` (quiet zone included),
 * as one rectangle per horizontal run, in millimetres.
 */
export function qrcodeRects(code: Rect, payload: string): { module: number; rects: Rect[] } {
  const qr = encodeQrcode(payload);
  const module = Math.min(code.w, code.h) / (qr.size + 2 * QUIET_ZONE);
  const x0 = code.x + QUIET_ZONE * module;
  const y0 = code.y + QUIET_ZONE * module;
  const rects: Rect[] = [];
  for (let r = 0; r < qr.size; r++) {
    for (let c = 0; c < qr.size;) {
      if (!qr.dark[r * qr.size + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < qr.size && qr.dark[r * qr.size + c]) c++;
      rects.push({
        x: x0 + start * module,
        y: y0 + r * module,
        w: (c - start) * module,
        h: module,
      });
    }
  }
  return { module, rects };
}
